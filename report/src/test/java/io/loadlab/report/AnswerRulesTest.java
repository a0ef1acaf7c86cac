package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.Criterion;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialKey;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.testkit.LoadReports;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The answer's rules on made-up trials: what is ranked, by what, and how its significance is worded. */
class AnswerRulesTest {
    private static final LoadLevel C100 = new LoadLevel(100, null);

    private static LatencyStats latency(double p99) {
        return new LatencyStats(1000, p99 / 2, 1, 1, p99 / 2, p99 / 2, p99 / 2, p99, p99, p99, p99);
    }

    private static List<IntervalStats> windows(double... rps) {
        List<IntervalStats> out = new ArrayList<>();
        for (int i = 0; i < rps.length; i++) {
            out.add(new IntervalStats(i + 1, (long) rps[i], rps[i], 5, 10, 20, 0, null));
        }
        return out;
    }

    private static TrialResult trial(String model, int rep, LoadReport load, VerdictCode code, double cpu) {
        return new TrialResult(
                model + "-r" + rep,
                new TrialKey(
                        "e",
                        model,
                        "delay",
                        load.run().open() ? new LoadLevel(100, load.run().targetRps()) : C100,
                        rep),
                null,
                List.of(new Verdict(code, code == VerdictCode.OK ? "nothing found" : code + " reason")),
                null,
                load,
                Ceiling.NONE,
                null,
                new Resources(
                        List.of(new ProcessSeries(
                                "server", 1, "0", cpu, cpu, null, 1L << 27, 10, 0, 0, null, List.of())),
                        null),
                null,
                Map.of(),
                null);
    }

    private static TrialResult closed(String model, int rep, double rps, double p99, List<IntervalStats> w) {
        return closed(model, rep, rps, p99, 0.5, w);
    }

    private static TrialResult closed(
            String model, int rep, double rps, double p99, double cpu, List<IntervalStats> w) {
        LoadReport load = LoadReports.closed()
                .requests((long) rps * 5, rps)
                .latency(latency(p99))
                .intervals(w)
                .build();
        return trial(model, rep, load, VerdictCode.OK, cpu);
    }

    private static ExperimentAnswer only(Criterion criterion, TrialResult... trials) {
        ExperimentInfo info =
                new ExperimentInfo("e", "delay", "delay", List.of(), List.of(), Map.of(), criterion, null, null, null);
        SuiteResults r = Fixtures.suite(List.of(info), List.of(trials));
        List<ExperimentAnswer> answers = Answers.of(r, null);
        assertThat(answers).hasSize(1);
        return answers.get(0);
    }

    @Test
    void theSloExcludesAFasterModelWhoseP99IsAboveIt() {
        ExperimentAnswer a = only(
                new Criterion(Criterion.THROUGHPUT, null, 200.0),
                closed("fast-but-late", 1, 5000, 450, windows(5000, 5000, 5000)),
                closed("steady", 1, 4000, 120, windows(4000, 4000, 4000)),
                closed("slow", 1, 1000, 90, windows(1000, 1000, 1000)));
        assertThat(a.best().model()).isEqualTo("steady");
        assertThat(a.runnerUp().model()).isEqualTo("slow");
        assertThat(a.aboveSlo()).extracting(RankedModel::model).containsExactly("fast-but-late");
        assertThat(a.headline())
                .startsWith("steady serves the most with p99 ≤ 200 ms: 4,000 req/s, 4.0× more than slow");
    }

    @Test
    void whenNoModelKeepsTheSloTheAnswerSaysSo() {
        ExperimentAnswer a = only(
                new Criterion(Criterion.THROUGHPUT, null, 100.0),
                closed("a", 1, 5000, 450, windows(5000, 5000, 5000)),
                closed("b", 1, 4000, 300, windows(4000, 4000, 4000)));
        assertThat(a.best()).isNull();
        assertThat(a.headline()).startsWith("No valid trial kept p99 ≤ 100 ms; the most served was 5,000 req/s by a");
    }

    @Test
    void oneRunEachIsTestedOverItsPerSecondWindows() {
        ExperimentAnswer a = only(
                null,
                closed("a", 1, 1100, 10, windows(1100, 1110, 1090, 1105, 1095)),
                closed("b", 1, 1000, 10, windows(1000, 1010, 990, 1005, 995)));
        assertThat(a.significance().known()).isTrue();
        assertThat(a.decided()).isTrue();
        assertThat(a.headline())
                .isEqualTo("a serves the most: 1,100 req/s, 10% more than b (1,000 req/s) — significant (Welch p <"
                        + " 0.001 over the per-second windows of one run each).");
    }

    @Test
    void noisyWindowsMakeATieAndFewerThanThreeMakeItUnknown() {
        ExperimentAnswer tie = only(
                null,
                closed("a", 1, 1010, 10, windows(1300, 700, 1200, 840)),
                closed("b", 1, 1000, 10, windows(700, 1300, 800, 1200)));
        assertThat(tie.decided()).isFalse();
        assertThat(tie.headline()).contains("but the two are tied within noise (Welch p = ");
        assertThat(tie.evidenceSentence()).startsWith("Nothing else separates them by 10% or more");

        ExperimentAnswer unknown = only(
                null, closed("a", 1, 1100, 10, windows(1100, 1100)), closed("b", 1, 1000, 10, windows(1000, 1000)));
        assertThat(unknown.significance().known()).isFalse();
        assertThat(unknown.headline())
                .endsWith("— significance unknown (one run each, fewer than 3 per-second windows).");
    }

    @Test
    void repetitionsAreTestedWithWelchOverTheRuns() {
        ExperimentAnswer a = only(
                null,
                closed("a", 1, 1100, 10, windows(1100, 1100, 1100)),
                closed("a", 2, 1120, 10, windows(1120, 1120, 1120)),
                closed("b", 1, 1105, 10, windows(1105, 1105, 1105)),
                closed("b", 2, 1095, 10, windows(1095, 1095, 1095)));
        assertThat(a.significance().basis()).isEqualTo("2 + 2 repetitions");
        assertThat(a.decided()).isFalse();
    }

    @Test
    void invalidTrialsAreNeverRankedWhateverTheirNumber() {
        TrialResult saturated = trial(
                "loud", 1, LoadReports.closed().requests(50_000, 10_000).build(), VerdictCode.LOADGEN_SATURATED, 0.5);
        ExperimentAnswer a = only(null, saturated, closed("quiet", 1, 900, 10, windows(900, 900, 900)));
        assertThat(a.best().model()).isEqualTo("quiet");
        assertThat(a.ranked()).hasSize(1);
        assertThat(a.headline())
                .isEqualTo("Only quiet gave a valid result: 900 req/s.")
                .doesNotContain("loud");
        assertThat(a.notComparable())
                .extracting(NotComparable::words)
                .containsExactly("loud — LOADGEN_SATURATED: LOADGEN_SATURATED reason");
    }

    @Test
    void theOpenModelDefaultsToTheLowestP99() {
        TrialResult fastLate = trial(
                "busy",
                1,
                LoadReports.open(1000).requests(5000, 1000).latency(latency(80)).build(),
                VerdictCode.OK,
                0.5);
        TrialResult calm = trial(
                "calm",
                1,
                LoadReports.open(1000).requests(4990, 998).latency(latency(12)).build(),
                VerdictCode.OK,
                0.5);
        ExperimentAnswer a = only(null, fastLate, calm);
        assertThat(a.by().describe()).isEqualTo("lowest p99 (the open model's default)");
        assertThat(a.best().model()).isEqualTo("calm");
        assertThat(a.headline()).startsWith("calm has the lowest p99: 12.0 ms, 6.7× lower than busy (80.0 ms)");
    }

    @Test
    void aNamedRequestIsReadFromItsOwnStatsAndHasNoWindows() {
        ExperimentAnswer a = only(
                new Criterion(Criterion.P99, "fast", null),
                trial("x", 1, withFast(3), VerdictCode.OK, 0.5),
                trial("y", 1, withFast(30), VerdictCode.OK, 0.5));
        assertThat(a.best().model()).isEqualTo("x");
        assertThat(a.best().valueWords()).isEqualTo("3.00 ms");
        assertThat(a.significance().basis())
                .isEqualTo("one run each, and no per-second windows of 'fast' in a histogram log");
    }

    @Test
    void cpuPerRequestSeparatesATie() {
        TrialResult lean = closed("lean", 1, 1000, 20, 0.10, windows(1300, 700, 1000));
        TrialResult heavy = closed("heavy", 1, 998, 20, 0.20, windows(700, 1300, 994));
        ExperimentAnswer a = only(null, lean, heavy);
        assertThat(a.evidenceSentence())
                .isEqualTo("What separates them: lean used 50% less server CPU per request (100 µs vs 200 µs).");
    }

    private static LoadReport withFast(double p99) {
        RequestStats fast = new RequestStats(900, 900, latency(p99), null, ErrorCounts.NONE, Map.of(), 0, null, null);
        RequestStats slow = new RequestStats(100, 100, latency(150), null, ErrorCounts.NONE, Map.of(), 0, null, null);
        return LoadReports.closed()
                .latency(latency(150))
                .perRequest(Map.of("fast", fast, "slow", slow))
                .build();
    }
}
