package io.loadlab.lab.verdict;

import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.Thresholds;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * LOADGEN_SATURATED: a core the load generator runs on was busy beyond {@code 1 - loadgenMinIdle} on average: the
 * trial measured the load generator, not the server. (An open model that falls short of its target rate while its
 * load generator had CPU to spare measured a server that could not keep up: that is BELOW_CEILING's business, and its
 * latency, charged from the intended send times, shows it.)
 */
final class LoadgenSaturationCheck {
    /** A wait for the CPU worth naming: 5% of the window. */
    private static final double NOTABLE_WAIT = 0.05;

    private LoadgenSaturationCheck() {}

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        List<MachineSample> m = e.machine();
        if (!m.isEmpty()) {
            int[] cores = CpuSplit.ids(e.cpus().loadgen());
            if (cores.length == 0) {
                cores = IntStream.range(0, m.get(0).idle().size()).toArray();
            }
            for (int core : cores) {
                double idle = meanIdle(m, core);
                if (idle >= 0 && idle < t.loadgenMinIdle()) {
                    String whose = whose(e, core, 1 - idle);
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

    /**
     * Who used the core: the load generator, and the lab's dependencies pinned beside it (on 2 CPUs the backend and
     * PostgreSQL share the load generator's); what none of them explains was another process on the host.
     */
    private static String whose(Evidence e, int core, double busy) {
        ProcessSeries loadgen = e.process("loadgen").orElse(null);
        if (loadgen == null || loadgen.cpuMean() < 0) {
            return "";
        }
        double own = loadgen.cpuMean();
        StringBuilder out =
                new StringBuilder(String.format(Locale.ROOT, " (the load generator used %.0f%% of a core", own * 100));
        Double wait = loadgen.cpuWaitMean();
        if (wait != null && wait >= NOTABLE_WAIT) {
            // what the core's congestion did to it: each wait delays the responses it reads, and the next sends
            out.append(String.format(Locale.ROOT, " and its threads waited %.0f%% of the time for a CPU", wait * 100));
        }
        double explained = own;
        for (String role : List.of("backend", "postgres")) {
            ProcessSeries p = e.process(role).orElse(null);
            if (p != null && p.cpuMean() >= 0.05 && onCore(p.cpus(), core)) {
                out.append(String.format(Locale.ROOT, ", the %s beside it %.0f%%", role, p.cpuMean() * 100));
                explained += p.cpuMean();
            }
        }
        if (explained < busy - 0.25) {
            out.append("; other processes took the rest: run on a quiet host");
        } else if (explained > own) {
            out.append("; give the dependencies a CPU of their own on a bigger host (--cpus SERVER:LOADGEN:DEPS)");
        }
        return out.append(')').toString();
    }

    private static boolean onCore(String cpus, int core) {
        int[] ids = CpuSplit.ids(cpus); // empty when the process was not pinned: it may run on any core
        return ids.length == 0 || Arrays.stream(ids).anyMatch(i -> i == core);
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
