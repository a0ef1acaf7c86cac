package io.loadlab.lab.verdict;

import static io.loadlab.lab.verdict.Trial.clean;
import static io.loadlab.lab.verdict.Trial.idle;
import static io.loadlab.lab.verdict.Trial.paced;
import static io.loadlab.lab.verdict.Trial.withIntervals;
import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.ProcessSample;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.Share;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.testkit.LoadReports;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Each verdict on made-up evidence: it fires on the bad case, says why in the user's terms, and is quiet otherwise. */
class VerdictsTest {
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

    static IntervalStats second(int t, double rps, double p99) {
        return new IntervalStats(t, (long) rps, rps, p99 / 2, p99, p99 * 2, 0, null);
    }

    @Test
    void aCleanTrialIsOk() {
        assertThat(clean().codes()).containsExactly(VerdictCode.OK);
    }

    @Test
    void failedValidationIsAppBrokenAndNothingElse() {
        Trial t = clean().load(null)
                .validation(new ValidationResult(false, List.of(), "GET /json body is '{…}': got ''"));
        assertThat(t.codes()).containsExactly(VerdictCode.APP_BROKEN);
        assertThat(t.reason(VerdictCode.APP_BROKEN)).contains("GET /json body");
    }

    @Test
    void errorsAboveTheThresholdAreListedByCategory() {
        Trial t = clean().load(LoadReports.closed()
                .requests(9_000, 1_800)
                .errors(errors(0, 500, 0, 300, 200, 0))
                .status(Map.of("200", 8_800L, "500", 200L))
                .build());
        assertThat(t.codes()).contains(VerdictCode.ERRORS);
        assertThat(t.reason(VerdictCode.ERRORS)).contains("500 read", "300 timeout", "200 status 500");
    }

    @Test
    void rejectionsOfAFailFastModelAreNotErrors() {
        Trial t = clean().load(LoadReports.closed()
                .errors(errors(0, 0, 0, 0, 20_000, 0))
                .status(Map.of("200", 30_000L, "503", 20_000L))
                .build());
        assertThat(t.evidence().rejections()).isEqualTo(20_000);
        assertThat(t.codes()).doesNotContain(VerdictCode.ERRORS);
    }

    @Test
    void aServerThatDiedOrAnsweredNothingIsErrors() {
        assertThat(clean().serverExit(137).reason(VerdictCode.ERRORS)).contains("exited with status 137");
        Trial nothing = clean().load(LoadReports.closed()
                .requests(0, 0)
                .errors(errors(0, 0, 0, 10, 0, 0))
                .status(Map.of())
                .build());
        assertThat(nothing.codes()).contains(VerdictCode.ERRORS);
        assertThat(clean().load(null).codes()).containsExactly(VerdictCode.ERRORS);
    }

    @Test
    void aSaturatedLoadGeneratorCoreNamesTheDependencyBesideItNotAStranger() {
        // C10K on 2 CPUs: the load generator (40%) and the backend (42%) share CPU 0
        Trial shared = clean().machine(idle(0.07, 0.5)).process("loadgen", 0.40).process("backend", 0.42);
        assertThat(shared.reason(VerdictCode.LOADGEN_SATURATED))
                .contains("the load generator used 40% of a core, the backend beside it 42%")
                .contains("a CPU of their own")
                .doesNotContain("quiet host");
        Trial stranger = clean().machine(idle(0.07, 0.5)).process("loadgen", 0.40);
        assertThat(stranger.reason(VerdictCode.LOADGEN_SATURATED))
                .contains("run on a quiet host")
                .doesNotContain("waited");
        // the run-queue wait (schedstat) says what the congested core did to the load generator
        Trial waited =
                clean().machine(idle(0.07, 0.5)).process("loadgen", 0.40, 0.35).process("backend", 0.42);
        assertThat(waited.reason(VerdictCode.LOADGEN_SATURATED))
                .contains("the load generator used 40% of a core and its threads waited 35% of the time for a CPU,"
                        + " the backend beside it 42%");
    }

    /** netty at 10,000 backend connections on 2 CPUs: CPU 0 {@code lab} idle, the server's CPU 1 {@code server} idle. */
    private static Trial c10kThroughTheBackend(double lab, double server, double serverCpu) {
        return clean().scenario(ScenarioSpec.of(ScenarioKind.BACKEND))
                .level(new LoadLevel(10_000, null))
                .load(LoadReports.closed()
                        .connections(10_000)
                        .requests(213_170, 21_317)
                        .latency(LoadReports.latency(470))
                        .build())
                .machine(idle(lab, server))
                .process("loadgen", 0.32, 0.33)
                .process("backend", 0.45)
                .process("server", serverCpu, 0.064)
                .knobs(Trial.Knobs.DEFAULTS);
    }

    @Test
    void aBusyLoadGeneratorCoreBesideASaturatedServerLeavesTheNumberToTheServer() {
        // the server's core never idled while the load generator's still did: the busier station set the rate
        Trial t = c10kThroughTheBackend(0.15, 0.0, 0.955);
        assertThat(t.codes()).containsExactly(VerdictCode.BELOW_CEILING);
        assertThat(t.reason(VerdictCode.BELOW_CEILING))
                .contains("the server's own CPU is the limit — it used 0.96 of its 1 CPU(s)")
                .contains("the load generator's CPU 0 was 15% idle, short of the 20% it needs (the load generator used"
                        + " 32% of a core and its threads waited 33% of the time for a CPU, the backend beside it 45%;")
                .contains("but the server's CPU 1 was 0% idle: the server's core, the busier of the two, set the rate");
        // a CPU-bound scenario at its ceiling has no BELOW_CEILING: the note goes with OK
        Trial plaintext =
                clean().machine(idle(0.12, 0.01)).process("loadgen", 0.8).process("server", 0.99);
        assertThat(plaintext.codes()).containsExactly(VerdictCode.OK);
        assertThat(plaintext.reason(VerdictCode.OK)).contains("no finding", "CPU 0 was 12% idle", "CPU 1 was 1% idle");
        // both cores saturated tells nothing
        assertThat(c10kThroughTheBackend(0.07, 0.0, 0.955).codes()).contains(VerdictCode.LOADGEN_SATURATED);
        // the server's core had time to spare: the load generator's was the limit
        assertThat(c10kThroughTheBackend(0.15, 0.30, 0.70).codes()).contains(VerdictCode.LOADGEN_SATURATED);
        // the server's core was busy, but not with the server: another process took it
        assertThat(c10kThroughTheBackend(0.15, 0.0, 0.40).codes()).contains(VerdictCode.LOADGEN_SATURATED);
    }

    @Test
    void aBusyLoadGeneratorCoreIsLoadgenSaturated() {
        Trial t = clean().machine(idle(0.03, 0.9));
        assertThat(t.codes()).containsExactly(VerdictCode.LOADGEN_SATURATED);
        assertThat(t.reason(VerdictCode.LOADGEN_SATURATED)).contains("CPU 0 was 3% idle");
        // the server's core (1) being busy is the point of the benchmark, not a finding
        assertThat(clean().machine(idle(0.5, 0.0)).codes()).containsExactly(VerdictCode.OK);
    }

    @Test
    void anOpenModelThatCannotHoldItsRateIsBelowCeilingNotLoadgenSaturated() {
        // 2,000 req/s asked through a 100 ms backend of a 100-thread pool: it answers 1,000; the load generator idles
        Trial t = clean().scenario(ScenarioSpec.of(ScenarioKind.BACKEND))
                .level(new LoadLevel(400, 2_000.0))
                .model(ConcurrencyModel.THREAD_POOL)
                .load(LoadReports.open(2_000)
                        .connections(400)
                        .requests(5_000, 1_000)
                        .build())
                .process("server", 0.1)
                .knobs(Trial.Knobs.DEFAULTS);
        assertThat(t.codes()).containsExactly(VerdictCode.BELOW_CEILING);
        assertThat(t.reason(VerdictCode.BELOW_CEILING))
                .contains("1000 req/s is 50% of the 2000 req/s of target rate 2000 req/s")
                .contains("the model's design caps it — thread-pool: 100 threads ÷ 100ms = 1000 req/s — by design");
    }

    @Test
    void aSaturatedBackendOrDatabaseOrDiskIsDependencyBoundAndInvalid() {
        assertThat(clean().process("backend", 0.97).codes()).containsExactly(VerdictCode.DEPENDENCY_BOUND);
        assertThat(VerdictCode.DEPENDENCY_BOUND.invalidates()).isTrue();
        assertThat(clean().process("backend", 0.40).codes()).containsExactly(VerdictCode.OK);
        assertThat(clean().process("postgres", 0.95).codes()).containsExactly(VerdictCode.DEPENDENCY_BOUND);
        List<MachineSample> io = List.of(new MachineSample(1, List.of(0.5, 0.5), List.of(0.0, 0.4)));
        assertThat(clean().machine(io).reason(VerdictCode.DEPENDENCY_BOUND)).contains("CPU 1 waited on I/O 40%");
    }

    @Test
    void aBackendStarvedOfItsCoreIsDependencyBound() {
        // 70% of a core, and its CPU 0 had nothing left: it wanted more than it could get
        assertThat(clean().process("backend", 0.7).machine(idle(0.02, 0.5)).codes())
                .contains(VerdictCode.DEPENDENCY_BOUND);
        assertThat(clean().process("backend", 0.2).machine(idle(0.3, 0.5)).codes())
                .containsExactly(VerdictCode.OK);
    }

    @Test
    void driftingThroughputIsNotSteady() {
        List<IntervalStats> iv =
                List.of(second(1, 10_000, 10), second(2, 10_000, 10), second(3, 4_000, 10), second(4, 10_000, 10));
        assertThat(paced(iv).codes()).contains(VerdictCode.NOT_STEADY);
    }

    @Test
    void aHeapThatOnlyFillsThroughTheWindowIsNamedWithWhatTellsATransientFromALeak() {
        List<IntervalStats> iv =
                List.of(second(1, 2_000, 10), second(2, 2_000, 10), second(3, 800, 10), second(4, 2_000, 10));
        // a young collection a second, 300 ms each (30% of the window), each leaving more of the heap behind
        Trial filling = paced(iv).serverSamples(heap(300, 1_012.0, 1_201.0, 1_408.0, 1_658.0));
        assertThat(filling.reason(VerdictCode.NOT_STEADY))
                .contains(
                        "the server paused for garbage collection 4 times in the window, 1200 ms in all",
                        "; the heap left after each of the server's collections grew from 1,012 MB to 1,658 MB in the"
                                + " window and none freed it, while its pauses took 30% of the window",
                        "lengthen warmup past the server's first full collection");
        // a collection that freed a tenth or more (a full one), growth under half or under 64 MB, short pauses, or a
        // log that gives no heap (ZGC's): nothing said of the heap
        for (List<ProcessSample> other : List.of(
                heap(300, 1_012.0, 1_201.0, 900.0, 1_658.0),
                heap(300, 1_012.0, 1_201.0, 1_300.0, 1_400.0),
                heap(300, 20.0, 40.0, 60.0, 80.0),
                heap(20, 1_012.0, 1_201.0, 1_408.0, 1_658.0),
                heap(300, null, null, null, null))) {
            assertThat(paced(iv).serverSamples(other).reason(VerdictCode.NOT_STEADY))
                    .contains("the server paused for garbage collection 4 times")
                    .doesNotContain("heap");
        }
    }

    @Test
    void aHeapStillFillingIsNotSteadyAtASteadyRate() {
        List<IntervalStats> iv =
                List.of(second(1, 2_400, 600), second(2, 2_400, 600), second(3, 2_400, 600), second(4, 2_400, 600));
        Trial filling = paced(iv).serverSamples(heap(670, 2_287.0, 2_844.0, 3_400.0, 3_957.0));
        assertThat(filling.reason(VerdictCode.NOT_STEADY))
                .startsWith("its rate held steady but its JVM did not: the heap left after each of the server's"
                        + " collections grew from 2,287 MB to 3,957 MB in the window and none freed it, while its"
                        + " pauses took 67% of the window");
        // pauses a fifth of the window (a costly collector, not one that sets the rate: NOT_STEADY only if found so),
        // or 12% growth (under half: a heap near its steady state, however long the pauses)
        for (List<ProcessSample> steady :
                List.of(heap(200, 2_287.0, 2_844.0, 3_400.0, 3_957.0), heap(670, 3_470.0, 3_609.0, 3_700.0, 3_888.0))) {
            assertThat(paced(iv).serverSamples(steady).codes()).doesNotContain(VerdictCode.NOT_STEADY);
        }
    }

    /** A JVM's samples, one a second: a collection of {@code ms} in each, leaving the heap at each {@code after}. */
    static List<ProcessSample> heap(double ms, Double... after) {
        return IntStream.range(0, after.length)
                .mapToObj(i -> new ProcessSample(i + 1, 0.9, 0.6, 0.3, 1 << 20, 10, 0, 0, 0.0, 0.0, 1, ms, after[i]))
                .toList();
    }

    @Test
    void notSteadySaysWhenTheServersJitCompiledInTheWindow() {
        List<IntervalStats> iv =
                List.of(second(1, 10_000, 10), second(2, 10_000, 10), second(3, 4_000, 10), second(4, 10_000, 10));
        // the sample after the window (the server compiling its way to a stop) is not the window's
        List<ProcessSample> compiling = List.of(jit(1, 0.0), jit(2, 0.02), jit(3, 0.35), jit(4, 0.05), jit(5, 0.5));
        Trial t = paced(iv).serverSamples(compiling);
        assertThat(t.reason(VerdictCode.NOT_STEADY))
                .contains("the server's JIT compiled in second 3 of the window (0.4 CPU-s; throughput there: lowest"
                        + " 4,000 req/s against a median of 10,000)");
        // compiler threads under a tenth of a core in every second: nothing to name
        List<ProcessSample> quiet = List.of(jit(1, 0.0), jit(2, 0.02), jit(3, 0.08), jit(4, 0.05));
        assertThat(paced(iv).serverSamples(quiet).reason(VerdictCode.NOT_STEADY))
                .doesNotContain("JIT");
        // not a JVM, or not scanned
        assertThat(paced(iv).serverSamples(List.of(jit(3, null))).reason(VerdictCode.NOT_STEADY))
                .doesNotContain("JIT");
    }

    @Test
    void aJitThatCompiledThroughTheWindowAfterTheWarmUpsLimitIsNotSteadyAtASteadyRate() {
        // a thread-capped server: the same rate every second while its compiler takes 0.3 of its core
        List<IntervalStats> capped = IntStream.rangeClosed(1, 20)
                .mapToObj(i -> second(i, 3_700, 290))
                .toList();
        LoadReport load = withIntervals(clean().load, capped);
        List<ProcessSample> compiling =
                IntStream.rangeClosed(1, 20).mapToObj(i -> sample(i, 1.0, 0.3)).toList();
        ServerFacts.Jit busyAtOpen = new ServerFacts.Jit(1.05, false);
        assertThat(clean().load(load).serverSamples(compiling).jit(busyAtOpen).reason(VerdictCode.NOT_STEADY))
                .startsWith("the server's JIT was still compiling when the warm-up's limit passed")
                .contains("6.0 of the server's 20.0 CPU-seconds there (30%; a tenth of a core or more in 20 of its 20"
                        + " seconds)")
                .endsWith("(warmup_limit in the suite, --warmup-limit)");
        // the window opened on a quiet JIT: what it compiled later is the load reaching new code, judged by the rate
        assertThat(clean().load(load)
                        .serverSamples(compiling)
                        .jit(new ServerFacts.Jit(0.02, true))
                        .codes())
                .doesNotContain(VerdictCode.NOT_STEADY);
        // a server the lab did not start: nothing known of its warm-up
        assertThat(clean().load(load).serverSamples(compiling).codes()).doesNotContain(VerdictCode.NOT_STEADY);
        // busy in 9 of the 20 seconds only
        List<ProcessSample> someSeconds = IntStream.rangeClosed(1, 20)
                .mapToObj(i -> sample(i, 1.0, i <= 9 ? 0.5 : 0.0))
                .toList();
        assertThat(clean().load(load).serverSamples(someSeconds).jit(busyAtOpen).codes())
                .doesNotContain(VerdictCode.NOT_STEADY);
        // busy in every second, but under a tenth of the server's CPU
        List<ProcessSample> small =
                IntStream.rangeClosed(1, 20).mapToObj(i -> sample(i, 1.2, 0.11)).toList();
        assertThat(clean().load(load).serverSamples(small).jit(busyAtOpen).codes())
                .doesNotContain(VerdictCode.NOT_STEADY);
        // half the seconds at a tenth of the server's CPU: the least that counts
        List<ProcessSample> least = IntStream.rangeClosed(1, 20)
                .mapToObj(i -> sample(i, 1.0, i <= 10 ? 0.2 : 0.0))
                .toList();
        assertThat(clean().load(load).serverSamples(least).jit(busyAtOpen).reason(VerdictCode.NOT_STEADY))
                .contains("2.0 of the server's 20.0 CPU-seconds there (10%; a tenth of a core or more in 10 of its 20");
    }

    /**
     * A server's sample at second {@code t}: {@code cpu} cores, {@code jit} of them its JIT compiler threads' (null:
     * not scanned).
     */
    static ProcessSample sample(double t, double cpu, Double jit) {
        return new ProcessSample(t, cpu, cpu * 0.6, cpu * 0.4, 1 << 20, 10, 0, 0, 0.0, jit, null, null, null);
    }

    /** A server's sample at second {@code t}, at half a core, its JIT compiler threads at {@code cores}. */
    static ProcessSample jit(double t, Double cores) {
        return sample(t, 0.5, cores);
    }

    /** A second of {@code n} responses, all at {@code ms}. */
    static Histogram window(long n, double ms) {
        Histogram h = new Histogram(10_000_000L, 3);
        h.recordValueWithCount(Math.round(ms * 1000), n);
        h.setStartTimeStamp(0);
        h.setEndTimeStamp(1000);
        return h;
    }

    @Test
    void p99DriftIsJudgedOnTheMergedHistogramsOfEachHalf() {
        // the second half's per-second p99s average to 25 ms, but its responses' p99 is 10 ms: 100 of 20,000 at 40 ms
        List<Histogram> sparse = List.of(window(10_000, 10), window(10_000, 10), window(100, 40), window(19_900, 10));
        assertThat(SteadinessCheck.p99(sparse.subList(2, 4))).isCloseTo(10.0, org.assertj.core.data.Offset.offset(0.1));
        assertThat(clean().windows(sparse).codes()).containsExactly(VerdictCode.OK);
        Trial t = clean().windows(
                        List.of(window(10_000, 10), window(10_000, 10), window(10_000, 40), window(10_000, 40)));
        assertThat(t.reason(VerdictCode.NOT_STEADY)).contains("p99 moved from 10.01 ms", "to 40.03 ms");
        // sub-millisecond p99 jitter is no drift
        Trial tiny =
                clean().windows(List.of(window(1000, 0.2), window(1000, 0.2), window(1000, 0.6), window(1000, 0.6)));
        assertThat(tiny.codes()).containsExactly(VerdictCode.OK);
    }

    @Test
    void aGcPauseInTheHalfWithTheHigherP99ExplainsTheMoveAndAsksForALongerWindow() {
        // the third of four seconds holds the slow responses: p99 100 ms in the first half, 130 ms in the second
        List<Histogram> bump =
                List.of(window(10_000, 100), window(10_000, 100), window(10_000, 130), window(10_000, 100));
        Trial paused = clean().windows(bump).samples("server", gc(3, 40)).samples("loadgen", gc(1, 2));
        assertThat(paused.reason(VerdictCode.NOT_STEADY))
                .contains(
                        "p99 moved from 100.03 ms (first half) to 130.05 ms (second half)",
                        "the server paused for garbage collection for 40 ms in second 3 of the window, in the half"
                                + " with the higher p99",
                        "lengthen duration",
                        "; the load generator paused for garbage collection once in the window, 2 ms in all (2 ms in"
                                + " second 1)")
                .doesNotContain("lengthen warmup");
        // a pause shorter than half the move, or in the other half, does not explain it: the advice stays the warm-up
        for (List<ProcessSample> other : List.of(gc(3, 14), gc(2, 40))) {
            assertThat(clean().windows(bump).samples("server", other).reason(VerdictCode.NOT_STEADY))
                    .contains("lengthen warmup so the server reaches its steady state; the server paused for garbage"
                            + " collection once in the window")
                    .doesNotContain("lengthen duration");
        }
        // no log (a user's server): the reason says nothing of collections
        assertThat(clean().windows(bump).serverSamples(List.of(jit(3, null))).reason(VerdictCode.NOT_STEADY))
                .doesNotContain("garbage collection");
    }

    @Test
    void aSecondOfDiskWaitUnderTheHighestP99IsNamedInsteadOfALongerWarmup() {
        List<IntervalStats> iv =
                List.of(second(1, 1_000, 3), second(2, 1_000, 3), second(3, 1_000, 40), second(4, 1_000, 3));
        List<Histogram> w = List.of(window(1_000, 3), window(1_000, 3), window(1_000, 40), window(1_000, 3));
        Trial stalled = paced(iv).windows(w).machine(disk(0.25));
        assertThat(stalled.reason(VerdictCode.NOT_STEADY))
                .contains(
                        "in second 3, the one with the highest p99 (40.0 ms) of the half with the higher p99, CPU 1 sat"
                                + " idle waiting on disk I/O for 25% of the second (3%, the window's median)",
                        "repeat the trial to tell")
                .doesNotContain("lengthen warmup");
        // under a tenth, or under three times the median (25% against 9%): the disk says nothing, the advice stays
        List<MachineSample> loud = disk(0.25).stream()
                .map(m -> new MachineSample(
                        m.tS(), m.idle(), List.of(0.0, Math.max(0.09, m.iowait().get(1)))))
                .toList();
        for (List<MachineSample> quiet : List.of(disk(0.08), loud)) {
            assertThat(paced(iv).windows(w).machine(quiet).reason(VerdictCode.NOT_STEADY))
                    .contains("lengthen warmup")
                    .doesNotContain("disk");
        }
    }

    /** Four seconds of a machine whose CPU 1 waited on I/O 2-3% of each, and {@code third} of the third. */
    static List<MachineSample> disk(double third) {
        return IntStream.rangeClosed(1, 4)
                .mapToObj(i ->
                        new MachineSample(i, List.of(0.5, 0.5), List.of(0.0, i == 3 ? third : i == 1 ? 0.02 : 0.03)))
                .toList();
    }

    @Test
    void theJvmsFirstCollectionInTheWindowAsksForALongerWarmup() {
        List<Histogram> bump =
                List.of(window(10_000, 100), window(10_000, 100), window(10_000, 130), window(10_000, 100));
        // none before the window: the pause in second 3 is the JVM's first, which a longer warm-up moves out
        assertThat(clean().windows(bump).samples("server", gc(3, 40), 0).reason(VerdictCode.NOT_STEADY))
                .contains(
                        "the server paused for garbage collection for 40 ms in second 3 of the window, in the half"
                                + " with the higher p99, its first collection since it started (none before the"
                                + " window)",
                        "lengthen warmup until the server has collected at least once")
                .doesNotContain("lengthen duration");
        // two before the window, or an earlier pause in the window: a collector's periodic pause, a longer window
        List<ProcessSample> twice = IntStream.rangeClosed(1, 4)
                .mapToObj(i -> new ProcessSample(
                        i,
                        0.5,
                        0.3,
                        0.2,
                        1 << 20,
                        10,
                        0,
                        0,
                        0.0,
                        0.0,
                        i == 1 || i == 3 ? 1 : 0,
                        i == 3 ? 40 : 2.0,
                        null))
                .toList();
        for (Trial periodic : List.of(
                clean().windows(bump).samples("server", gc(3, 40), 2),
                clean().windows(bump).samples("server", twice, 0))) {
            assertThat(periodic.reason(VerdictCode.NOT_STEADY))
                    .contains(
                            "in second 3 of the window, in the half with the higher p99: a collector pauses",
                            "lengthen duration")
                    .doesNotContain("first collection");
        }
    }

    /** Four seconds of a JVM's samples, one collection of {@code ms} ending in second {@code t}. */
    static List<ProcessSample> gc(int t, double ms) {
        return IntStream.rangeClosed(1, 4)
                .mapToObj(i -> new ProcessSample(
                        i, 0.5, 0.3, 0.2, 1 << 20, 10, 0, 0, 0.0, 0.0, i == t ? 1 : 0, i == t ? ms : 0.0, null))
                .toList();
    }

    @Test
    void aPartialLastSecondIsNotDrift() {
        List<IntervalStats> iv = List.of(
                second(1, 10_000, 10),
                second(2, 10_000, 10),
                second(3, 10_000, 10),
                new IntervalStats(3.2, 2_000, 10_000, 5, 10, 20, 0, null));
        assertThat(SteadinessCheck.full(iv, 3.2)).hasSize(3);
    }

    @Test
    void idleConnectionsAreALittleMismatchThatSaysWhatItMeasured() {
        // 100 connections, but 10,000 req/s × 2 ms = 20 in flight
        Trial t = clean().load(
                        LoadReports.closed().latency(LoadReports.latency(2)).build());
        assertThat(t.codes()).containsExactly(VerdictCode.LITTLE_MISMATCH);
        assertThat(t.reason(VerdictCode.LITTLE_MISMATCH))
                .contains("100 connections should hold throughput × mean latency in flight")
                .contains("10000 req/s × 2.00 ms = 20.0")
                .contains("likely, in order: the load generator was too busy");
    }

    @Test
    void starvingMostConnectionsIsStarvedWithTheCauseInTheUsersTerms() {
        // single-thread at 200 connections: one connection served, 199 waiting the whole 5 s
        Trial t = clean().model(ConcurrencyModel.SINGLE_THREAD)
                .level(new LoadLevel(200, null))
                .load(LoadReports.closed()
                        .connections(200)
                        .requests(166_585, 33_317)
                        .latency(LoadReports.latency(0.03))
                        .unfinished(200, 8_012)
                        .fairness(new ConnectionFairness(200, 0, 0, 166_585, 199))
                        .build())
                .knobs(Trial.Knobs.DEFAULTS);
        assertThat(t.codes()).contains(VerdictCode.STARVED).doesNotContain(VerdictCode.LITTLE_MISMATCH);
        assertThat(VerdictCode.STARVED.invalidates()).isTrue();
        assertThat(t.reason(VerdictCode.STARVED))
                .isEqualTo("199 of 200 connections got no answer in the 5 s window: the server serves one connection"
                        + " at a time (their requests count as unfinished, the oldest 8.0 s old)");
    }

    @Test
    void aThreadPoolServingAHundredOfAThousandConnectionsSaysItIsItsDesign() {
        Trial t = clean().model(ConcurrencyModel.THREAD_POOL)
                .scenario(ScenarioSpec.of(ScenarioKind.BACKEND))
                .level(new LoadLevel(1000, null))
                .load(LoadReports.closed()
                        .connections(1000)
                        .requests(4_950, 990)
                        .latency(LoadReports.latency(100))
                        .fairness(new ConnectionFairness(1000, 0, 0, 50, 900))
                        .build())
                .process("server", 0.05)
                .work(new DependencyWork(new DependencyWork.Backend(4_950, 100, 99.0), null))
                .knobs(Trial.Knobs.DEFAULTS);
        assertThat(t.codes()).contains(VerdictCode.STARVED, VerdictCode.BELOW_CEILING);
        assertThat(t.reason(VerdictCode.STARVED))
                .startsWith("900 of 1000 connections got no answer in the 5 s window: the server serves about 100"
                        + " connections at a time: thread-pool gives 100 threads");
        assertThat(t.reason(VerdictCode.BELOW_CEILING))
                .contains("990 req/s is 10% of the 10000 req/s of 1000 connections ÷ 100ms = 10000 req/s")
                .contains("the model's design caps it — thread-pool: 100 threads ÷ 100ms = 1000 req/s");
    }

    @Test
    void anAsyncModelShortOfLittlesBoundNamesTheBackendCallsReallyInFlight() {
        Trial t = clean().model(ConcurrencyModel.VERTX)
                .scenario(ScenarioSpec.of(ScenarioKind.BACKEND))
                .level(new LoadLevel(1000, null))
                .load(LoadReports.closed()
                        .connections(1000)
                        .requests(26_000, 5_200)
                        .latency(LoadReports.latency(190))
                        .build())
                .process("server", 0.4)
                .work(new DependencyWork(new DependencyWork.Backend(26_010, 512, 505.0), null))
                .knobs(Trial.Knobs.DEFAULTS);
        assertThat(t.codes()).containsExactly(VerdictCode.BELOW_CEILING);
        assertThat(t.reason(VerdictCode.BELOW_CEILING))
                .contains("5200 req/s is 52% of the 10000 req/s")
                .contains("at most 512 backend calls were in flight (505 on average) while 1000 requests waited");
    }

    @Test
    void aServerThatHoldsRequestsAroundItsBackendCallsSaysHowLongWithItsCpuNotSaturated() {
        // every connection's call reached the backend (peak 1000), but on average only 818 were there: the rest of
        // each request's 120 ms went inside the server, whose CPU had room
        Trial t = clean().model(ConcurrencyModel.VERTX)
                .scenario(ScenarioSpec.of(ScenarioKind.BACKEND))
                .level(new LoadLevel(1000, null))
                .load(LoadReports.closed()
                        .connections(1000)
                        .requests(83_000, 8_300)
                        .latency(LoadReports.latency(120))
                        .build())
                .process("server", 0.75)
                .work(new DependencyWork(new DependencyWork.Backend(83_000, 1000, 818.0), null))
                .knobs(Trial.Knobs.DEFAULTS);
        assertThat(t.codes()).containsExactly(VerdictCode.BELOW_CEILING);
        assertThat(t.reason(VerdictCode.BELOW_CEILING))
                .contains("818 backend calls were in flight on average while 1000 requests waited (82%)")
                .contains("about 20 ms inside the server around its call (mean latency 120.0 ms, backend 100 ms)")
                .contains("with the server's CPU at 0.75");
    }

    @Test
    void aServerThatSpendsItsOwnCoreShortOfLittlesBoundSaysSoWithItsCpuPerRequest() {
        // a framework's own cost per request runs its one core out first: a finding about the model, with evidence
        Trial t = clean().model(ConcurrencyModel.VERTX)
                .scenario(ScenarioSpec.of(ScenarioKind.BACKEND))
                .level(new LoadLevel(1000, null))
                .load(LoadReports.closed()
                        .connections(1000)
                        .requests(20_000, 2_000)
                        .latency(LoadReports.latency(500))
                        .build())
                .process("server", 1.0)
                .knobs(Trial.Knobs.DEFAULTS);
        assertThat(t.codes()).containsExactly(VerdictCode.BELOW_CEILING);
        assertThat(VerdictCode.BELOW_CEILING.invalidates()).isFalse();
        assertThat(t.reason(VerdictCode.BELOW_CEILING))
                .contains("2000 req/s is 20% of the 10000 req/s")
                .contains(
                        "the server's own CPU is the limit — it used 1.00 of its 1 CPU(s), 500 µs of CPU per request");
    }

    /** helidon-se at 8,723 req/s of 1,000 backend connections, 0.82 of its core used, its threads waiting {@code wait}. */
    private static Trial helidonAtBackendWaiting(double wait) {
        return clean().model(ConcurrencyModel.HELIDON_SE)
                .scenario(ScenarioSpec.of(ScenarioKind.BACKEND))
                .level(new LoadLevel(1000, null))
                .load(LoadReports.closed()
                        .connections(1000)
                        .requests(87_230, 8_723)
                        .latency(LoadReports.latency(114))
                        .build())
                .process("server", 0.82, wait)
                .work(new DependencyWork(new DependencyWork.Backend(87_230, 1000, 860.0), null))
                .knobs(Trial.Knobs.DEFAULTS);
    }

    @Test
    void aServerWhoseOwnThreadsQueueForItsCoreIsCpuBoundThoughItsMeanCpuIsNot() {
        // helidon-se at 1,000 backend connections: 0.82 of its core used, its carrier and GC threads waiting 0.20 more
        Trial t = helidonAtBackendWaiting(0.20);
        assertThat(t.codes()).containsExactly(VerdictCode.BELOW_CEILING);
        assertThat(t.reason(VerdictCode.BELOW_CEILING))
                .contains("8723 req/s is 87% of the 10000 req/s")
                .contains("the server's own CPU is the limit — its threads asked for 1.02 of its 1 CPU(s): 0.82 used"
                        + " and 0.20 waiting in the run queue for it (schedstat), 94 µs of CPU per request");
        // the same trial whose threads did not wait: the time is spent around the backend call, not for want of CPU
        Trial idle = helidonAtBackendWaiting(0.02);
        assertThat(idle.reason(VerdictCode.BELOW_CEILING)).contains("inside the server around its call");
    }

    @Test
    void missingOrExtraDependencyWorkIsAWorkMismatch() {
        assertThat(clean().work(new DependencyWork(new DependencyWork.Backend(10_000, 10, 10.0), null))
                        .reason(VerdictCode.WORK_MISMATCH))
                .contains("without calling the backend");
        assertThat(clean().work(new DependencyWork(new DependencyWork.Backend(50_050, 100, 99.0), null))
                        .codes())
                .containsExactly(VerdictCode.OK);
        // 50,000 answers of which 1,000 said "201 Created"
        LoadReport crud = LoadReports.closed()
                .status(Map.of("200", 49_000L, "201", 1_000L))
                .build();
        assertThat(clean().load(crud)
                        .work(new DependencyWork(null, new DependencyWork.Database(0, 4, 0, null, null)))
                        .reason(VerdictCode.WORK_MISMATCH))
                .contains("answered 201 without inserting");
        assertThat(clean().load(crud)
                        .work(new DependencyWork(null, new DependencyWork.Database(1_003, 4, 0, null, null)))
                        .codes())
                .containsExactly(VerdictCode.OK);
    }

    static RequestStats share(long n, double planned, double realized) {
        return new RequestStats(
                n,
                n / 5.0,
                LatencyStats.EMPTY,
                null,
                ErrorCounts.NONE,
                Map.of("200", n),
                0,
                new Share(planned, realized),
                null);
    }

    @Test
    void aMixThatDriftsFromItsPlanIsAWorkMismatchWithBothShares() {
        Map<String, RequestStats> per = new LinkedHashMap<>();
        per.put("fast", share(11_068, 0.9, 0.9425));
        per.put("slow", share(675, 0.1, 0.0575));
        Trial t = clean().load(LoadReports.closed().perRequest(per).build());
        assertThat(t.reason(VerdictCode.WORK_MISMATCH))
                .startsWith(
                        "planned 90.0% fast : 10.0% slow, realized 94.3% fast : 5.8% slow (more than 2 points off)");
        // a mix planned per connection divides connections, not requests: its request shares are not judged
        Trial perConnection = clean().load(LoadReports.closed()
                .assign("per-connection")
                .perRequest(per)
                .build());
        assertThat(perConnection.codes()).containsExactly(VerdictCode.OK);
        Map<String, RequestStats> near = new LinkedHashMap<>();
        near.put("fast", share(11_068, 0.9, 0.91));
        near.put("slow", share(1_200, 0.1, 0.09));
        assertThat(clean().load(LoadReports.closed().perRequest(near).build()).codes())
                .containsExactly(VerdictCode.OK);
    }

    static ScenarioSpec crud(boolean tls) {
        return new ScenarioSpec(ScenarioKind.CRUD, null, null, new ScenarioSpec.Crud(8, 2, 24_000, tls, true));
    }

    @Test
    void aTlsExperimentWhoseServerConnectedInPlainIsAWorkMismatch() {
        LoadReport crud = LoadReports.closed()
                .status(Map.of("200", 4_000L, "201", 1_000L))
                .build();
        Trial plain = clean().scenario(crud(true))
                .load(crud)
                .work(new DependencyWork(null, new DependencyWork.Database(1_000, 4, 0, null, null)));
        assertThat(plain.reason(VerdictCode.WORK_MISMATCH))
                .startsWith("the experiment asked for TLS to the database (tls: true) but none of the server's")
                .doesNotContain("\n");
        assertThat(clean().scenario(crud(true))
                        .load(crud)
                        .work(new DependencyWork(null, new DependencyWork.Database(1_000, 4, 10, null, null)))
                        .codes())
                .containsExactly(VerdictCode.OK);
        // without tls: true, plain connections are what was asked for
        assertThat(clean().scenario(crud(false))
                        .load(crud)
                        .work(new DependencyWork(null, new DependencyWork.Database(1_000, 4, 0, null, null)))
                        .codes())
                .containsExactly(VerdictCode.OK);
    }

    @Test
    void writesThatRanOutOfFreshKeysAreAWorkMismatch() {
        Map<String, RequestStats> per = new LinkedHashMap<>();
        per.put("read", share(8_000, 0.8, 0.8));
        per.put("write", withWraps(share(2_000, 0.2, 0.2), 150L));
        Trial t = clean().scenario(crud(false))
                .load(LoadReports.closed().perRequest(per).build());
        assertThat(t.reason(VerdictCode.WORK_MISMATCH))
                .startsWith("request 'write' ran out of fresh keys: 150 of its requests reused a key");
        per.put("write", withWraps(share(2_000, 0.2, 0.2), 0L));
        assertThat(clean().scenario(crud(false))
                        .load(LoadReports.closed().perRequest(per).build())
                        .codes())
                .containsExactly(VerdictCode.OK);
    }

    static RequestStats withWraps(RequestStats r, Long wraps) {
        return new RequestStats(
                r.requests(),
                r.throughputRps(),
                r.latencyMs(),
                r.serviceTimeMs(),
                r.errors(),
                r.statusCodes(),
                r.unfinished(),
                r.share(),
                wraps);
    }

    @Test
    void aServerThatStopsAnsweringIsErrorsEvenWithoutFailedRequests() {
        // 16 answers in the first second, then silence: the hung requests are neither answered nor timed out yet
        List<IntervalStats> iv = List.of(
                second(1, 16, 10),
                new IntervalStats(2, 0, 0, 0, 0, 0, 0, null),
                new IntervalStats(3, 0, 0, 0, 0, 0, 0, null),
                new IntervalStats(4, 0, 0, 0, 0, 0, 0, null));
        LoadReport r = withIntervals(
                LoadReports.closed().requests(16, 5).status(Map.of("200", 16L)).build(), iv);
        Trial t = clean().load(r);
        assertThat(t.codes()).contains(VerdictCode.ERRORS);
        assertThat(t.reason(VerdictCode.ERRORS)).contains("answered nothing for 3 of the 4 measured seconds");
        // the same silence is expected when every request waits 2 s by design
        Trial slow = clean().scenario(ScenarioSpec.of(ScenarioKind.DELAY).withDelay(Duration.ofSeconds(2)))
                .load(r);
        assertThat(slow.codes()).doesNotContain(VerdictCode.ERRORS);
    }

    @Test
    void silenceBeforeTheFirstAnswerIsStartUpNotAHang() {
        List<IntervalStats> iv = List.of(
                new IntervalStats(1, 0, 0, 0, 0, 0, 0, null),
                second(2, 10_000, 20),
                second(3, 10_000, 20),
                second(4, 10_000, 20));
        Trial t = clean().load(withIntervals(
                LoadReports.closed().requests(30_000, 7_500).build(), iv));
        assertThat(t.codes()).doesNotContain(VerdictCode.ERRORS);
    }

    @Test
    void theStarvedConnectionsTimingOutIsPartOfStarvedNotASeparateErrors() {
        Trial t = singleThreadStarvedWithTimeouts(10_002);
        assertThat(t.codes()).contains(VerdictCode.STARVED).doesNotContain(VerdictCode.ERRORS);
        assertThat(t.reason(VerdictCode.STARVED)).endsWith("; 28 of their requests timed out");
    }

    @Test
    void starvedConnectionsWhoseRequestsTimedOutAndWereSentAgainAreNotQuotedAsZeroSecondsOld() {
        Trial t = singleThreadStarvedWithTimeouts(12);
        assertThat(t.reason(VerdictCode.STARVED))
                .contains("(their last requests, sent again less than 1 s before the window closed, count as"
                        + " unfinished)")
                .doesNotContain("0.0 s old");
    }

    /**
     * single-thread at 100 connections: one served, 99 starved, 28 of their requests timed out, 48 unfinished at the
     * window's end, the oldest {@code oldestUnfinishedMs} old.
     */
    private static Trial singleThreadStarvedWithTimeouts(double oldestUnfinishedMs) {
        return clean().model(ConcurrencyModel.SINGLE_THREAD)
                .load(LoadReports.closed()
                        .requests(49, 9.8)
                        .errors(errors(0, 0, 0, 28, 0, 0))
                        .fairness(new ConnectionFairness(100, 0, 0, 49, 99))
                        .unfinished(48, oldestUnfinishedMs)
                        .build());
    }

    @Test
    void aPoolsRejectionsBesideTheStarvedConnectionsTimeoutsStillMakeOneStarvedFinding() {
        // thread-pool at 1000 connections: 100 threads, a full queue answered 503, the rest waiting until they time out
        Trial t = clean().model(ConcurrencyModel.THREAD_POOL)
                .load(LoadReports.closed()
                        .connections(1000)
                        .requests(4923, 985)
                        .errors(errors(0, 0, 0, 556, 84, 0))
                        .status(java.util.Map.of("200", 4839L, "503", 84L))
                        .fairness(new ConnectionFairness(1000, 0, 0, 49, 816))
                        .unfinished(816, 10_100)
                        .build());
        assertThat(t.codes()).contains(VerdictCode.STARVED).doesNotContain(VerdictCode.ERRORS);
        assertThat(t.reason(VerdictCode.STARVED)).endsWith("; 556 of their requests timed out");
    }

    @Test
    void anOverloadedOpenModelIsBelowCeilingWithItsGrowingQueueNotNotSteady() {
        List<Histogram> growing = List.of(window(1000, 500), window(1000, 900), window(1000, 2000), window(1000, 3000));
        Trial t = clean().model(ConcurrencyModel.SERVLET_SYNC)
                .scenario(ScenarioSpec.of(ScenarioKind.MIXED))
                .level(new LoadLevel(100, 2_000.0))
                .load(LoadReports.open(2_000)
                        .connections(100)
                        .requests(6_600, 1_320)
                        .build())
                .windows(growing)
                .process("server", 0.33)
                .knobs(new Trial.Knobs(100, 16, 16, false, 2));
        assertThat(t.codes()).containsExactly(VerdictCode.BELOW_CEILING);
        assertThat(t.reason(VerdictCode.BELOW_CEILING))
                .contains("the model's design caps it — servlet-sync: 14 container threads (16 less the 2 Jetty keeps"
                        + " for accepting and selecting) × 10 requests per slow wait ÷ 100ms = 1400 req/s")
                .endsWith("so latency grew through the window and has no steady state at this rate");
    }
}
