package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LoadSettings;
import io.loadlab.core.result.ProcessSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.ServerFacts;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrialFactsTest {
    @Test
    void withoutAProfileTheServersGcPausesComeFromItsLogPerSecond() {
        List<ProcessSample> paused =
                List.of(second(1, 0, 0.0), second(2, 2, 12.5), second(3, 1, 37.479), second(4, 0, 0.0));
        assertThat(TrialFacts.loggedPauses(paused, 4.5, null))
                .isEqualTo("3 · 50.0 ms · 37.5 ms in second 3 (server.gc.log)");
        assertThat(TrialFacts.loggedPauses(List.of(second(1, 0, 0.0), second(2, 0, 0.0)), 2.5, null))
                .isEqualTo("0");
        // the sampler's one more second after the window closed is not the window's, as in the verdicts
        assertThat(TrialFacts.loggedPauses(paused, 2.5, null))
                .isEqualTo("2 · 12.5 ms · 12.5 ms in second 2 (server.gc.log)");
        // the pauses before the window, where recorded: none means the window held the JVM's first collection
        assertThat(TrialFacts.loggedPauses(paused, 4.5, 0))
                .isEqualTo("3 · 50.0 ms · 37.5 ms in second 3 (server.gc.log; 0 before the window)");
        assertThat(TrialFacts.loggedPauses(List.of(second(1, 0, 0.0)), 1.5, 2)).isEqualTo("0 (2 before the window)");
        // no log (a user's server, results before the log) is not "no pauses"
        assertThat(TrialFacts.loggedPauses(List.of(second(1, null, null)), 1.5, 0))
                .isEqualTo(Numbers.DASH);
        assertThat(TrialFacts.loggedPauses(List.of(), 1.5, null)).isEqualTo(Numbers.DASH);
    }

    @Test
    void theHeapAfterGcIsTheWindowsFirstCollectionsAndItsLasts() {
        List<ProcessSample> filling = List.of(
                heap(1, 2, 1_646.4), heap(2, 0, null), heap(3, 3, 2_201.0), heap(4, 1, 2_855.0), heap(5, 1, 9.0));
        assertThat(TrialFacts.heapAfter(filling, 4.5))
                .as("the sampler's second after the window is not the window's")
                .isEqualTo("1,646 MB → 2,855 MB (6 collections; server.gc.log)");
        assertThat(TrialFacts.heapAfter(filling, 1.5)).isEqualTo("1,646 MB (2 collections; server.gc.log)");
        assertThat(TrialFacts.heapAfter(List.of(heap(1, 1, 27.0)), 1.5))
                .isEqualTo("27 MB (1 collection; server.gc.log)");
        // no collection in the window, or none whose line gives a heap (ZGC's), or no log: unknown
        assertThat(TrialFacts.heapAfter(List.of(heap(1, 0, null), heap(2, 4, null)), 2.5))
                .isEqualTo(Numbers.DASH);
        assertThat(TrialFacts.heapAfter(List.of(), 2.5)).isEqualTo(Numbers.DASH);
    }

    private static ProcessSample heap(double t, int pauses, Double after) {
        return new ProcessSample(t, 0.5, 0.3, 0.2, 1 << 20, 10, 0, 0, 0.0, 0.0, pauses, pauses * 10.0, after);
    }

    @Test
    void theWarmUpSaysHowLongAndWhetherTheJitWasQuietWhenTheWindowOpened() {
        LoadSettings run = new LoadSettings(
                "http://127.0.0.1:8080/", "closed", "sequence", 1, 1000, null, null, 5, 8.962, "http/1.1", null, null);
        assertThat(TrialFacts.warmup(run, new ServerFacts.Jit(0.009, true)))
                .isEqualTo("9.0 s · JIT quiet (0.01 of a core)");
        assertThat(TrialFacts.warmup(run, new ServerFacts.Jit(0.32, false)))
                .isEqualTo("9.0 s · JIT still busy (0.32 of a core)");
        assertThat(TrialFacts.warmup(run, null))
                .as("a JIT the lab did not watch")
                .isEqualTo("9.0 s");
        assertThat(TrialFacts.warmup(null, null)).isEqualTo(Numbers.DASH);
    }

    @Test
    void withoutAProfileThreadsAndContextSwitchesComeFromTheSampler() {
        ProcessSeries server =
                new ProcessSeries("server", 42, "1", 0.08, 0.15, 0.05, 115 << 20, 115, 11_062, 134, 1, List.of());
        assertThat(TrialFacts.sampledThreads(server)).isEqualTo("115 (every thread of the process, sampled)");
        assertThat(TrialFacts.sampledCtxPerRequest(server, 9_990))
                .as("the window's switches over the requests completed in it")
                .isEqualTo("1.11 voluntary · 0.01 involuntary");
        assertThat(TrialFacts.sampledCtxPerRequest(server, 0)).isEqualTo(Numbers.DASH);
        assertThat(TrialFacts.sampledCtxPerRequest(null, 9_990)).isEqualTo(Numbers.DASH);
        assertThat(TrialFacts.sampledThreads(null)).isEqualTo(Numbers.DASH);
    }

    private static ProcessSample second(double t, Integer pauses, Double ms) {
        return new ProcessSample(t, 0.5, 0.3, 0.2, 1 << 20, 10, 0, 0, 0.0, 0.0, pauses, ms, null);
    }
}
