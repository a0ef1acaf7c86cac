package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.Json;
import io.loadlab.core.profile.Frames;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.ServerProfile;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's "Inside the servers": run A's c10k experiment with profiles on its trials (an event loop that rarely
 * switches, and vertx made to switch on every request), drawn from a results directory as the lab writes it.
 */
class ProfileReportTest {
    @TempDir
    Path dir;

    @Test
    void insideTheServersLinksEachFlameGraphAndSetsTheBestBesideTheRunnerUp() throws Exception {
        Fixtures.copy("run-a", dir);
        SuiteResults r = Fixtures.results("run-a");
        List<TrialResult> trials = new ArrayList<>();
        for (TrialResult t : r.trials()) {
            boolean c10k = t.key().experiment().equals("c10k-backend");
            trials.add(
                    c10k && t.key().model().equals("netty")
                            ? profiled(
                                    t,
                                    12.5,
                                    800,
                                    0.02,
                                    List.of("loop;epoll_wait_[k] 70", "loop;io/netty/Encode_[j] 30"))
                            : c10k && t.key().model().equals("vertx")
                                    ? profiled(t, 40.0, 90, 2.1, List.of("run;futex_wait_[k] 80", "run;Parse_[j] 20"))
                                    : t);
        }
        Json.writeAtomically(dir.resolve(ResultsDir.RESULTS), copy(r, trials));

        String html = ReportWriter.render(dir);

        assertThat(html).contains("Inside the servers");
        assertThat(html).contains("href=\"trials/").contains("/flame.html\"");
        assertThat(html).contains("<code>epoll_wait</code>").contains("kernel · 70.0%");
        assertThat(html).contains("Java 30% · native 0% · kernel 70%");
        assertThat(html).contains("13 µs").contains("40 µs").contains("2.10");
        assertThat(html).contains("What separates netty from vertx");
        assertThat(html)
                .as("the frames that moved most, in points")
                .contains("+70.0 pts")
                .contains("-80.0 pts");
        assertThat(html).contains("collector Serial");
    }

    @Test
    void anAllocationProfileNamesItsTopFramesAsTheClassesAllocated() throws Exception {
        String html = renderC10k(
                List.of("loop;io/netty/Headers.add_[j];byte[]_[i] 3", "loop;String_[k] 1"),
                true,
                List.of("run;io/vertx/Map.put_[j];MapEntry_[i] 2", "run;byte[]_[i] 2"),
                true);

        assertThat(html).contains("or with --profile=alloc the classes it allocated most");
        assertThat(html).contains("classes allocated, by share of allocation samples");
        assertThat(html).contains("<code>byte[]</code>").contains("allocated · 75.0%");
        assertThat(html).doesNotContain("kernel · 25.0%");
        assertThat(html)
                .as("the best beside the runner-up, class by class")
                .contains("classes allocated whose share moved most")
                .contains("<code>MapEntry</code></td><td>allocated</td>");
    }

    @Test
    void aCpuProfileIsNotComparedFrameByFrameWithAnAllocationProfile() throws Exception {
        String html = renderC10k(
                List.of("loop;io/netty/Headers.add_[j];byte[]_[i] 3"), true, List.of("run;futex_wait_[k] 1"), false);

        assertThat(html).contains("their frames do not compare; profile both the same way");
        assertThat(html).doesNotContain("whose share moved most");
    }

    /** Run A's report with its c10k netty and vertx trials profiled, each on the CPU or for allocations. */
    private String renderC10k(List<String> netty, boolean nettyAlloc, List<String> vertx, boolean vertxAlloc)
            throws Exception {
        Fixtures.copy("run-a", dir);
        SuiteResults r = Fixtures.results("run-a");
        List<TrialResult> trials = new ArrayList<>();
        ServerProfile.PerRequest perRequest = new ServerProfile.PerRequest(10.0, 500.0, 0.1, 0.01);
        for (TrialResult t : r.trials()) {
            boolean c10k = t.key().experiment().equals("c10k-backend");
            trials.add(
                    c10k && t.key().model().equals("netty")
                            ? profiled(t, perRequest, netty, nettyAlloc)
                            : c10k && t.key().model().equals("vertx") ? profiled(t, perRequest, vertx, vertxAlloc) : t);
        }
        Json.writeAtomically(dir.resolve(ResultsDir.RESULTS), copy(r, trials));
        return ReportWriter.render(dir);
    }

    @Test
    void withoutProfilesThereIsNoSection() throws Exception {
        Fixtures.copy("run-a", dir);
        assertThat(ReportWriter.render(dir)).doesNotContain("Inside the servers");
    }

    private TrialResult profiled(TrialResult t, double cpuUs, double alloc, double vol, List<String> collapsed)
            throws Exception {
        return profiled(t, new ServerProfile.PerRequest(cpuUs, alloc, vol, 0.01), collapsed, false);
    }

    /** With {@code alloc}, an allocation profile: its top frames are the classes allocated, and no self time. */
    private TrialResult profiled(
            TrialResult t, ServerProfile.PerRequest perRequest, List<String> collapsed, boolean alloc)
            throws Exception {
        Path tdir = dir.resolve("trials").resolve(t.id());
        Files.createDirectories(tdir);
        Files.write(tdir.resolve("profile.collapsed"), collapsed);
        Files.writeString(tdir.resolve("flame.html"), "<!DOCTYPE html><canvas></canvas>");
        Frames f = Frames.parse(collapsed);
        List<ServerProfile.Frame> top = alloc
                ? f.top(5).stream()
                        .map(x -> new ServerProfile.Frame(x.name(), ServerProfile.ALLOCATED, x.samples(), x.share()))
                        .toList()
                : f.top(5);
        ServerProfile p = new ServerProfile(
                alloc ? "async-profiler 4.6, alloc every 512k" : "async-profiler 4.6, cpu every 10ms",
                f.samples(),
                top,
                alloc ? null : f.selfTime(),
                new ServerProfile.Jvm("Serial", 3, 24, 11, 1_000_000, 5.5, 14),
                perRequest,
                List.of());
        Map<String, String> files = new LinkedHashMap<>(t.files());
        files.put("flame_graph", "trials/" + t.id() + "/flame.html");
        files.put("profile_collapsed", "trials/" + t.id() + "/profile.collapsed");
        ServerFacts s = t.server();
        return new TrialResult(
                t.id(),
                t.key(),
                t.startedAt(),
                t.verdicts(),
                t.validation(),
                t.load(),
                t.ceiling(),
                new ServerFacts(s.settings(), s.declared(), s.exitStatus(), s.jit(), p),
                t.resources(),
                t.dependencies(),
                files,
                null);
    }

    private static SuiteResults copy(SuiteResults r, List<TrialResult> trials) {
        return new SuiteResults(
                r.schemaVersion(),
                r.suite(),
                r.description(),
                r.status(),
                r.startedAt(),
                r.finishedAt(),
                r.settings(),
                r.experiments(),
                r.database(),
                r.notes(),
                trials);
    }
}
