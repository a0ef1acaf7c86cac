package io.loadlab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.LoadSettings;
import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.Thresholds;
import io.loadlab.testkit.LoadReports;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each verdict on synthetic data: it fires on the bad case and stays quiet on the good one. */
class VerdictsTest {
    static final Thresholds T = Thresholds.DEFAULTS;
    static final ValidationResult PASSED = new ValidationResult(true, List.of("GET /plaintext → 200"), null);

    /** A clean closed-model run: 100 connections, 10,000 req/s, 10 ms mean (Little: 100 in flight), 5 steady s. */
    static LoadReport report(long requests, double rps, double meanMs, ErrorCounts errors, Map<String, Long> status) {
        return LoadReports.closed()
                .requests(requests, rps)
                .latency(latency(meanMs))
                .errors(errors)
                .status(status)
                .build();
    }

    /** Error counts in the order connect, read, write, timeout, status, invalid. */
    static ErrorCounts errors(long connect, long read, long write, long timeout, long status, long invalid) {
        long[] e = new long[ErrorCategory.values().length];
        e[ErrorCategory.CONNECT.ordinal()] = connect;
        e[ErrorCategory.READ.ordinal()] = read;
        e[ErrorCategory.WRITE.ordinal()] = write;
        e[ErrorCategory.TIMEOUT.ordinal()] = timeout;
        e[ErrorCategory.STATUS.ordinal()] = status;
        e[ErrorCategory.INVALID.ordinal()] = invalid;
        return ErrorCounts.of(e);
    }

    static LatencyStats latency(double meanMs) {
        return new LatencyStats(
                1000, meanMs, 1, 1, meanMs, meanMs, meanMs, meanMs * 2, meanMs * 3, meanMs * 3, meanMs * 4);
    }

    static LoadReport clean() {
        return report(50_000, 10_000, 10, ErrorCounts.NONE, Map.of("200", 50_000L));
    }

    static List<MachineSample> idle(double core0, double core1) {
        List<MachineSample> m = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            m.add(new MachineSample(i, List.of(core0, core1), List.of(0.0, 0.0)));
        }
        return m;
    }

    static ProcessSeries proc(String role, double cpu) {
        return new ProcessSeries(role, 42, "0", cpu, cpu, 1 << 20, 2, 0, 0, List.of());
    }

    static Evidence evidence(LoadReport r, List<ProcessSeries> procs, List<MachineSample> m, Map<String, Long> work) {
        return new Evidence(
                ScenarioKind.PLAINTEXT, new LoadLevel(100, null), PASSED, r, procs, m, "0", "0", work, null, null);
    }

    static List<VerdictCode> codes(Evidence e) {
        return Verdicts.judge(e, T).stream().map(Verdict::code).toList();
    }

    @Test
    void aCleanTrialIsOk() {
        assertThat(codes(evidence(clean(), List.of(), idle(0.5, 0.1), null))).containsExactly(VerdictCode.OK);
    }

    @Test
    void failedValidationIsAppBrokenAndNothingElse() {
        Evidence e = new Evidence(
                ScenarioKind.JSON,
                new LoadLevel(100, null),
                new ValidationResult(false, List.of(), "GET /json body is '{…}': got ''"),
                null,
                List.of(),
                List.of(),
                "0",
                "0",
                null,
                null,
                null);
        List<Verdict> v = Verdicts.judge(e, T);
        assertThat(v).extracting(Verdict::code).containsExactly(VerdictCode.APP_BROKEN);
        assertThat(v.get(0).reason()).contains("GET /json body");
    }

    @Test
    void errorsAboveTheThresholdAreListedByCategory() {
        LoadReport r = report(9_000, 1_800, 10, errors(0, 500, 0, 300, 200, 0), Map.of("200", 8_800L, "500", 200L));
        List<Verdict> v = Verdicts.judge(evidence(r, List.of(), idle(0.5, 0.5), null), T);
        assertThat(v).extracting(Verdict::code).contains(VerdictCode.ERRORS);
        assertThat(v.get(0).reason()).contains("500 read", "300 timeout", "200 status 500");
    }

    @Test
    void rejectionsOfAFailFastModelAreNotErrors() {
        LoadReport r =
                report(50_000, 10_000, 10, errors(0, 0, 0, 0, 20_000, 0), Map.of("200", 30_000L, "503", 20_000L));
        Evidence e = evidence(r, List.of(), idle(0.5, 0.5), null);
        assertThat(e.rejections()).isEqualTo(20_000);
        assertThat(codes(e)).doesNotContain(VerdictCode.ERRORS);
    }

    @Test
    void aServerThatDiedOrAnsweredNothingIsErrors() {
        Evidence died = new Evidence(
                ScenarioKind.PLAINTEXT,
                new LoadLevel(10, null),
                PASSED,
                clean(),
                List.of(),
                idle(0.5, 0.5),
                "0",
                "0",
                null,
                137,
                null);
        assertThat(Verdicts.judge(died, T).get(0).reason()).contains("exited with status 137");
        LoadReport nothing = report(0, 0, 0, errors(0, 0, 0, 10, 0, 0), Map.of());
        assertThat(codes(evidence(nothing, List.of(), idle(0.5, 0.5), null))).contains(VerdictCode.ERRORS);
        assertThat(codes(evidence(null, List.of(), List.of(), null))).containsExactly(VerdictCode.ERRORS);
    }

    @Test
    void aBusyLoadGeneratorCoreIsLoadgenSaturated() {
        List<Verdict> v = Verdicts.judge(evidence(clean(), List.of(), idle(0.03, 0.9), null), T);
        assertThat(v).extracting(Verdict::code).containsExactly(VerdictCode.LOADGEN_SATURATED);
        assertThat(v.get(0).reason()).contains("CPU 0 was 3% idle");
        // the server's core (1) being busy is the point of the benchmark, not a finding
        assertThat(codes(evidence(clean(), List.of(), idle(0.5, 0.0), null))).containsExactly(VerdictCode.OK);
    }

    @Test
    void anOpenModelShortOfItsTargetIsLoadgenSaturated() {
        LoadReport base = clean();
        LoadReport r = LoadReports.open(20_000)
                .requests(50_000, 10_000)
                .latency(base.latencyMs())
                .intervals(base.intervals())
                .build();
        Evidence e = new Evidence(
                ScenarioKind.PLAINTEXT,
                new LoadLevel(100, 20_000.0),
                PASSED,
                r,
                List.of(),
                idle(0.5, 0.5),
                "0",
                "0",
                null,
                null,
                null);
        assertThat(Verdicts.judge(e, T).get(0).reason()).contains("10000 req/s of the 20000");
    }

    @Test
    void aSaturatedBackendOrDatabaseOrDiskIsDependencyBound() {
        assertThat(codes(evidence(clean(), List.of(proc("backend", 0.97)), idle(0.5, 0.5), null)))
                .containsExactly(VerdictCode.DEPENDENCY_BOUND);
        assertThat(codes(evidence(clean(), List.of(proc("backend", 0.40)), idle(0.5, 0.5), null)))
                .containsExactly(VerdictCode.OK);
        assertThat(codes(evidence(clean(), List.of(proc("postgres", 0.95)), idle(0.5, 0.5), null)))
                .containsExactly(VerdictCode.DEPENDENCY_BOUND);
        List<MachineSample> io = List.of(new MachineSample(1, List.of(0.5, 0.5), List.of(0.0, 0.4)));
        assertThat(Verdicts.judge(evidence(clean(), List.of(), io, null), T)
                        .get(0)
                        .reason())
                .contains("CPU 1 waited on I/O 40%");
    }

    @Test
    void driftingThroughputOrP99IsNotSteady() {
        LoadReport c = clean();
        List<IntervalStats> iv = List.of(
                new IntervalStats(1, 10_000, 10_000, 5, 10, 20, 0),
                new IntervalStats(2, 10_000, 10_000, 5, 10, 20, 0),
                new IntervalStats(3, 4_000, 4_000, 5, 10, 20, 0),
                new IntervalStats(4, 10_000, 10_000, 5, 10, 20, 0));
        assertThat(codes(evidence(withIntervals(c, iv), List.of(), idle(0.5, 0.5), null)))
                .contains(VerdictCode.NOT_STEADY);
        List<IntervalStats> p99 = List.of(
                new IntervalStats(1, 10_000, 10_000, 5, 10, 20, 0),
                new IntervalStats(2, 10_000, 10_000, 5, 10, 20, 0),
                new IntervalStats(3, 10_000, 10_000, 5, 40, 50, 0),
                new IntervalStats(4, 10_000, 10_000, 5, 40, 50, 0));
        assertThat(Verdicts.judge(evidence(withIntervals(c, p99), List.of(), idle(0.5, 0.5), null), T)
                        .get(0)
                        .reason())
                .contains("p99 moved from 10.00 ms");
        // sub-millisecond p99 jitter is no drift
        List<IntervalStats> tiny = List.of(
                new IntervalStats(1, 10_000, 10_000, 0.1, 0.2, 1, 0),
                new IntervalStats(2, 10_000, 10_000, 0.1, 0.2, 1, 0),
                new IntervalStats(3, 10_000, 10_000, 0.1, 0.6, 1, 0),
                new IntervalStats(4, 10_000, 10_000, 0.1, 0.6, 1, 0));
        assertThat(codes(evidence(withIntervals(c, tiny), List.of(), idle(0.5, 0.5), null)))
                .containsExactly(VerdictCode.OK);
    }

    @Test
    void aPartialLastSecondIsNotDrift() {
        List<IntervalStats> iv = List.of(
                new IntervalStats(1, 10_000, 10_000, 5, 10, 20, 0),
                new IntervalStats(2, 10_000, 10_000, 5, 10, 20, 0),
                new IntervalStats(3, 10_000, 10_000, 5, 10, 20, 0),
                new IntervalStats(3.2, 2_000, 10_000, 5, 10, 20, 0));
        assertThat(SteadinessCheck.full(iv, 3.2)).hasSize(3);
    }

    @Test
    void idleConnectionsAreALittleMismatch() {
        // 100 connections, but 10,000 req/s × 2 ms = 20 in flight
        LoadReport r = report(50_000, 10_000, 2, ErrorCounts.NONE, Map.of("200", 50_000L));
        List<Verdict> v = Verdicts.judge(evidence(r, List.of(), idle(0.5, 0.5), null), T);
        assertThat(v).extracting(Verdict::code).containsExactly(VerdictCode.LITTLE_MISMATCH);
        assertThat(v.get(0).reason()).contains("20.0 in flight");
    }

    @Test
    void missingOrExtraDependencyWorkIsAWorkMismatch() {
        Map<String, Long> few = Map.of("backend_calls", 10_000L);
        assertThat(Verdicts.judge(evidence(clean(), List.of(), idle(0.5, 0.5), few), T)
                        .get(0)
                        .reason())
                .contains("without calling the backend");
        Map<String, Long> right = Map.of("backend_calls", 50_050L);
        assertThat(codes(evidence(clean(), List.of(), idle(0.5, 0.5), right))).containsExactly(VerdictCode.OK);
        // 50,000 answers of which 1,000 said "201 Created"
        LoadReport crud = report(50_000, 10_000, 10, ErrorCounts.NONE, Map.of("200", 49_000L, "201", 1_000L));
        assertThat(Verdicts.judge(evidence(crud, List.of(), idle(0.5, 0.5), Map.of("db_rows", 0L)), T)
                        .get(0)
                        .reason())
                .contains("answered 201 without inserting");
        assertThat(codes(evidence(crud, List.of(), idle(0.5, 0.5), Map.of("db_rows", 1_003L))))
                .containsExactly(VerdictCode.OK);
    }

    static LoadReport withIntervals(LoadReport b, List<IntervalStats> iv) {
        return new LoadReport(
                b.schemaVersion(),
                new LoadSettings(
                        b.run().url(),
                        b.run().loadModel(),
                        b.run().assign(),
                        b.run().threads(),
                        b.run().connections(),
                        b.run().maxConnections(),
                        b.run().targetRps(),
                        iv.get(iv.size() - 1).tS(),
                        b.run().warmupS()),
                b.throughput(),
                b.latencyMs(),
                b.serviceTimeMs(),
                b.errors(),
                b.statusCodes(),
                b.unfinished(),
                b.connections(),
                b.perRequest(),
                iv,
                b.hlog());
    }

    @Test
    void aServerThatStopsAnsweringIsErrorsEvenWithoutFailedRequests() {
        // 16 answers in the first second, then silence: the hung requests are neither answered nor timed out yet
        List<IntervalStats> iv = List.of(
                new IntervalStats(1, 16, 16, 5, 10, 20, 0),
                new IntervalStats(2, 0, 0, 0, 0, 0, 0),
                new IntervalStats(3, 0, 0, 0, 0, 0, 0),
                new IntervalStats(4, 0, 0, 0, 0, 0, 0));
        LoadReport r = withIntervals(report(16, 5, 5, ErrorCounts.NONE, Map.of("200", 16L)), iv);
        List<Verdict> v = Verdicts.judge(evidence(r, List.of(), idle(0.5, 0.5), null), T);
        assertThat(v).extracting(Verdict::code).contains(VerdictCode.ERRORS);
        assertThat(v.get(0).reason()).contains("answered nothing for 3 of the 4 measured seconds");
        // the same silence is expected when every request waits 2 s by design
        Evidence slow = new Evidence(
                ScenarioKind.DELAY,
                new LoadLevel(100, null),
                PASSED,
                r,
                List.of(),
                idle(0.5, 0.5),
                "0",
                "0",
                null,
                null,
                2000.0);
        assertThat(Verdicts.judge(slow, T)).extracting(Verdict::code).doesNotContain(VerdictCode.ERRORS);
    }

    @Test
    void aBackendStarvedOfItsCoreIsDependencyBound() {
        // 70% of a core, and its CPU 0 had nothing left: it wanted more than it could get
        List<Verdict> v = Verdicts.judge(evidence(clean(), List.of(proc("backend", 0.7)), idle(0.02, 0.5), null), T);
        assertThat(v).extracting(Verdict::code).contains(VerdictCode.DEPENDENCY_BOUND);
        assertThat(codes(evidence(clean(), List.of(proc("backend", 0.2)), idle(0.3, 0.5), null)))
                .containsExactly(VerdictCode.OK);
    }

    @Test
    void silenceBeforeTheFirstAnswerIsStartUpNotAHang() {
        List<IntervalStats> iv = List.of(
                new IntervalStats(1, 0, 0, 0, 0, 0, 0),
                new IntervalStats(2, 10_000, 10_000, 10, 20, 30, 0),
                new IntervalStats(3, 10_000, 10_000, 10, 20, 30, 0),
                new IntervalStats(4, 10_000, 10_000, 10, 20, 30, 0));
        LoadReport r = withIntervals(report(30_000, 7_500, 10, ErrorCounts.NONE, Map.of("200", 30_000L)), iv);
        assertThat(codes(evidence(r, List.of(), idle(0.5, 0.5), null))).doesNotContain(VerdictCode.ERRORS);
    }
}
