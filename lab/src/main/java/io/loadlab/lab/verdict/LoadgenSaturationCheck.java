package io.loadlab.lab.verdict;

import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.Thresholds;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * LOADGEN_SATURATED: a core the load generator runs on was busy beyond {@code 1 - loadgenMinIdle} on average: the
 * trial measured the load generator, not the server. (An open model that falls short of its target rate while its
 * load generator had CPU to spare measured a server that could not keep up: that is BELOW_CEILING's business, and its
 * latency, charged from the intended send times, shows it.)
 */
final class LoadgenSaturationCheck {
    private LoadgenSaturationCheck() {}

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        List<MachineSample> m = e.machine();
        if (!m.isEmpty()) {
            int[] cores = CpuSplit.ids(e.cpus().loadgen());
            if (cores.length == 0) {
                cores = java.util.stream.IntStream.range(0, m.get(0).idle().size())
                        .toArray();
            }
            for (int core : cores) {
                double idle = meanIdle(m, core);
                if (idle >= 0 && idle < t.loadgenMinIdle()) {
                    double own = e.process("loadgen").map(p -> p.cpuMean()).orElse(-1.0);
                    String whose = own < 0
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    " (the load generator itself used %.0f%% of a core%s)",
                                    own * 100,
                                    own < 0.5 ? "; other processes took the rest: run on a quiet host" : "");
                    return Optional.of(new Verdict(
                            VerdictCode.LOADGEN_SATURATED,
                            String.format(
                                    Locale.ROOT,
                                    "the load generator's CPU %d was %.0f%% idle (needs %.0f%%)%s: give it more cores"
                                            + " (--cpus, or cpus: in the suite) or lower the load; this trial measured the load"
                                            + " generator, not the server",
                                    core,
                                    idle * 100,
                                    t.loadgenMinIdle() * 100,
                                    whose)));
                }
            }
        }
        return Optional.empty();
    }

    /** Mean idle fraction of one core over the samples, or -1 when the core was not sampled. */
    static double meanIdle(List<MachineSample> m, int core) {
        return m.stream()
                .filter(s -> s.idle().size() > core)
                .mapToDouble(s -> s.idle().get(core))
                .average()
                .orElse(-1);
    }
}
