package io.loadlab.lab.verdict;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.ScenarioSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Everything a trial produced that the verdicts judge: pure data, so every check is a pure function of it.
 *
 * @param model the model of the catalog, or null for a user's own server
 * @param design what the model's design lets wait at once, in words ({@code 100 threads}), or null when nothing does
 * @param load the measured run's report; null when the trial never got that far
 * @param windows the per-second latency histograms of the window (from the histogram log), for merged percentiles;
 *     empty when there is no log
 * @param work what the dependencies did over the measured window
 * @param serverExit the server's exit status when it died during the trial, else null
 * @param jit the server's JIT when the window opened (quiet, or still compiling when the warm-up's limit passed); null
 *     for a server the lab did not start or a trial that never got that far
 * @param overload the trial is about overload: a capacity step, or held past the knee, where a 503 is the model
 *     shedding load ({@link #rejections})
 */
public record Evidence(
        ScenarioSpec scenario,
        LoadLevel level,
        ConcurrencyModel model,
        String design,
        ValidationResult validation,
        LoadReport load,
        List<Histogram> windows,
        Resources resources,
        CpuSplit cpus,
        DependencyWork work,
        Integer serverExit,
        Ceiling ceiling,
        ServerFacts.Jit jit,
        boolean overload) {

    public Evidence {
        windows = windows == null ? List.of() : List.copyOf(windows);
        resources = resources == null ? Resources.NONE : resources;
        work = work == null ? DependencyWork.NONE : work;
        cpus = cpus == null ? CpuSplit.UNPINNED : cpus;
        ceiling = ceiling == null ? Ceiling.NONE : ceiling;
    }

    public Optional<ProcessSeries> process(String role) {
        return Optional.ofNullable(resources.process(role));
    }

    public List<MachineSample> machine() {
        return resources.machine() == null ? List.of() : resources.machine();
    }

    /** The closed model: every connection waits for its answer before sending again. */
    public boolean closed() {
        return level.rateRps() == null;
    }

    /**
     * 503 answers that shed load, the model's own behaviour rather than a failure: in an experiment about overload
     * ({@link #overload}: a capacity step, a trial past the knee, a trigger or a fault) every 503 that named no failed
     * dependency ({@link LoadReport#rejections}), elsewhere only those that said when to retry ({@code Retry-After}). A
     * plain 503 at a load the server should carry, or one that names a dependency ({@code database: ...}), is an error.
     */
    public long rejections() {
        if (load == null) {
            return 0;
        }
        long unnamed = load.rejections(); // every 503 that named no failed dependency
        if (load.answers() == null
                || overload
                || (scenario != null && scenario.overload().disrupted())) {
            return unnamed;
        }
        return Math.min(unnamed, load.answers().retryLater());
    }

    /** Answers with a 2xx or 3xx status. */
    public long successes() {
        if (load == null || load.statusCodes() == null) {
            return 0;
        }
        return load.statusCodes().entrySet().stream()
                .filter(e -> e.getKey().startsWith("2") || e.getKey().startsWith("3"))
                .mapToLong(Map.Entry::getValue)
                .sum();
    }

    /** The least time any request of the scenario takes (its delay), in ms, or null. */
    public Double floorMs() {
        return scenario.floor() == null ? null : scenario.floor().nanos() / 1e6;
    }

    /** The server's mean CPU in cores, or -1 when it was not sampled. */
    public double serverCpu() {
        return process("server").map(ProcessSeries::cpuMean).orElse(-1.0);
    }

    /** The server's threads' mean wait for a CPU, in cores ({@link ProcessSeries#cpuWaitMean()}); -1 when unsampled. */
    public double serverCpuWait() {
        return process("server")
                .map(ProcessSeries::cpuWaitMean)
                .map(Double::doubleValue)
                .orElse(-1.0);
    }

    /** The CPUs the server was pinned to, or 0 when it was not pinned. */
    public int serverCores() {
        return CpuSplit.ids(cpus.server()).length;
    }
}
