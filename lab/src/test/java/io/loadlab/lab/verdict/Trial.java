package io.loadlab.lab.verdict;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.LoadSettings;
import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.ProcessSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.spec.Thresholds;
import io.loadlab.testkit.LoadReports;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Made-up trials for the verdict tests: a clean closed-model plaintext trial at 100 connections on a pinned 2-core
 * host (server on CPU 1, everything else on CPU 0, both half idle) unless told otherwise. Not thread-safe.
 */
final class Trial {
    static final ValidationResult PASSED = new ValidationResult(true, List.of("GET /plaintext → 200"), null);
    static final CpuSplit TWO_CORES = new CpuSplit("1", "0", "0");

    ScenarioSpec scenario = ScenarioSpec.of(ScenarioKind.PLAINTEXT);
    LoadLevel level = new LoadLevel(100, null);
    ConcurrencyModel model = ConcurrencyModel.NETTY;
    String design;
    ValidationResult validation = PASSED;
    LoadReport load = LoadReports.closed().build();
    List<Histogram> windows = List.of();
    List<ProcessSeries> processes = new ArrayList<>();
    List<MachineSample> machine = idle(0.5, 0.5);
    DependencyWork work = DependencyWork.NONE;
    Integer serverExit;
    boolean overload;
    Ceiling ceiling;
    Duration backendDelay = Duration.ofMillis(100);
    ServerFacts.Jit jit;

    static Trial clean() {
        return new Trial();
    }

    /** A clean trial whose window had these seconds. */
    static Trial paced(List<IntervalStats> iv) {
        Trial t = clean();
        return t.load(withIntervals(t.load, iv));
    }

    static List<MachineSample> idle(double core0, double core1) {
        List<MachineSample> m = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            m.add(new MachineSample(i, List.of(core0, core1), List.of(0.0, 0.0)));
        }
        return m;
    }

    static ProcessSeries proc(String role, double cpu) {
        return proc(role, cpu, null);
    }

    /** A process that used {@code cpu} cores and whose threads waited {@code wait} cores' worth for a CPU. */
    static ProcessSeries proc(String role, double cpu, Double wait) {
        return new ProcessSeries(role, 42, "0", cpu, cpu, wait, 1 << 20, 2, 0, 0, null, List.of());
    }

    static LoadReport withIntervals(LoadReport b, List<IntervalStats> iv) {
        LoadSettings r = b.run();
        return new LoadReport(
                b.schemaVersion(),
                new LoadSettings(
                        r.url(),
                        r.loadModel(),
                        r.assign(),
                        r.threads(),
                        r.connections(),
                        r.maxConnections(),
                        r.targetRps(),
                        iv.get(iv.size() - 1).tS(),
                        r.warmupS(),
                        r.protocol(),
                        r.maxStreams(),
                        r.transport()),
                b.throughput(),
                b.latencyMs(),
                b.serviceTimeMs(),
                b.errors(),
                b.statusCodes(),
                b.unfinished(),
                b.connections(),
                b.perRequest(),
                iv,
                b.hlog(),
                b.agents(),
                null,
                null,
                b.answers());
    }

    Trial scenario(ScenarioSpec s) {
        scenario = s;
        return this;
    }

    Trial level(LoadLevel l) {
        level = l;
        return this;
    }

    Trial model(ConcurrencyModel m) {
        model = m;
        return this;
    }

    Trial load(LoadReport r) {
        load = r;
        return this;
    }

    Trial process(String role, double cpu) {
        processes.add(proc(role, cpu));
        return this;
    }

    Trial process(String role, double cpu, double wait) {
        processes.add(proc(role, cpu, wait));
        return this;
    }

    /** A server whose per-second samples are {@code samples} (at half a core each). */
    Trial serverSamples(List<ProcessSample> samples) {
        return samples("server", samples);
    }

    /** A process of {@code role} whose per-second samples are {@code samples} (at half a core each). */
    Trial samples(String role, List<ProcessSample> samples) {
        return samples(role, samples, null);
    }

    /** As {@link #samples(String, List)}, the JVM having paused {@code before} times before the window. */
    Trial samples(String role, List<ProcessSample> samples, Integer before) {
        processes.add(new ProcessSeries(role, 42, "1", 0.5, 0.5, null, 1 << 20, 2, 0, 0, before, samples));
        return this;
    }

    Trial machine(List<MachineSample> m) {
        machine = m;
        return this;
    }

    Trial work(DependencyWork w) {
        work = w;
        return this;
    }

    Trial windows(List<Histogram> w) {
        windows = w;
        return this;
    }

    Trial validation(ValidationResult v) {
        validation = v;
        return this;
    }

    /** The server's JIT when the window opened. */
    Trial jit(ServerFacts.Jit v) {
        jit = v;
        return this;
    }

    /** The trial is a capacity step or past the knee: its 503s are its shedding. */
    Trial overload(boolean v) {
        overload = v;
        return this;
    }

    Trial serverExit(Integer v) {
        serverExit = v;
        return this;
    }

    /** The ceiling the lab computes for this scenario, level and model with {@code knobs} (null: unknown). */
    Trial knobs(ConcurrencyModel.Knobs knobs) {
        ceiling = Ceilings.of(scenario, level, model, knobs, backendDelay);
        design = model == null || knobs == null ? null : model.waitingCapLabel(knobs);
        return this;
    }

    Evidence evidence() {
        Ceiling c = ceiling != null ? ceiling : Ceilings.of(scenario, level, model, null, backendDelay);
        return new Evidence(
                scenario,
                level,
                model,
                design,
                validation,
                load,
                windows,
                new Resources(processes, machine),
                TWO_CORES,
                work,
                serverExit,
                c,
                jit,
                overload);
    }

    List<Verdict> judge() {
        return Verdicts.judge(evidence(), Thresholds.DEFAULTS);
    }

    List<VerdictCode> codes() {
        return judge().stream().map(Verdict::code).toList();
    }

    /** The reason of the first verdict of {@code code}. */
    String reason(VerdictCode code) {
        return judge().stream()
                .filter(v -> v.code() == code)
                .findFirst()
                .map(Verdict::reason)
                .orElseThrow(() -> new AssertionError("no " + code + " in " + judge()));
    }

    /** Knobs of a thread-pool, servlet or worker pool. */
    record Knobs(int threads, int maxThreads, int workerThreads, boolean offloadsToWorkers, int reservedThreads)
            implements ConcurrencyModel.Knobs {
        static final Knobs DEFAULTS = new Knobs(100, 200, 16, false, 0);
    }
}
