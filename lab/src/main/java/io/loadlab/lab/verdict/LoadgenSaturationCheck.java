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
        return shortCore(e, t)
                .filter(c -> besideSaturatedServer(e, t, c).isEmpty())
                .map(c -> new Verdict(
                        VerdictCode.LOADGEN_SATURATED,
                        String.format(
                                Locale.ROOT,
                                "the load generator's CPU %d was %.0f%% idle (needs %.0f%%)%s: give it more cores"
                                        + " (--cpus, or cpus: in the suite) or lower the load; this trial measured the"
                                        + " load generator, not the server",
                                c.core(),
                                c.idle() * 100,
                                t.loadgenMinIdle() * 100,
                                whose(e, c.core(), 1 - c.idle()))));
    }

    /**
     * Why a load generator's core short of idle was not judged {@code LOADGEN_SATURATED}: the server's own core was the
     * busier one (see {@link #besideSaturatedServer}); empty otherwise. Goes with the verdict that explains the number.
     */
    static Optional<String> serverBoundNote(Evidence e, Thresholds t) {
        return shortCore(e, t).flatMap(c -> besideSaturatedServer(e, t, c));
    }

    /** A core of the load generator's, idle less than it needs. */
    private record ShortCore(int core, double idle) {}

    private static Optional<ShortCore> shortCore(Evidence e, Thresholds t) {
        List<MachineSample> m = e.machine();
        if (m.isEmpty()) {
            return Optional.empty();
        }
        int[] cores = CpuSplit.ids(e.cpus().loadgen());
        if (cores.length == 0) {
            cores = IntStream.range(0, m.get(0).idle().size()).toArray();
        }
        for (int core : cores) {
            double idle = meanIdle(m, core);
            if (idle >= 0 && idle < t.loadgenMinIdle()) {
                return Optional.of(new ShortCore(core, idle));
            }
        }
        return Optional.empty();
    }

    /**
     * The load generator's core short of idle beside a server whose own cores were saturated: the load generator's
     * core still idled at least half the idle it needs, the server's cores (pinned apart from it) idled under a quarter
     * of it, and the server's own threads asked for them ({@link CeilingCheck#asksForItsCpus}). Two
     * stations in one loop, one saturated and one with time to spare: the saturated one sets the rate, so the number
     * is the server's (a faster load generator would not raise it), and the load generator's waits are small beside
     * the server's queue. Both saturated tells nothing: that stays {@code LOADGEN_SATURATED}.
     */
    private static Optional<String> besideSaturatedServer(Evidence e, Thresholds t, ShortCore c) {
        int[] server = CpuSplit.ids(e.cpus().server());
        if (c.idle() < t.loadgenMinIdle() / 2
                || server.length == 0
                || !CeilingCheck.asksForItsCpus(server.length, e.serverCpu(), e.serverCpuWait())) {
            return Optional.empty();
        }
        double most = 0;
        for (int core : server) {
            double idle = meanIdle(e.machine(), core);
            if (core == c.core() || idle < 0 || idle >= t.loadgenMinIdle() / 4) {
                return Optional.empty();
            }
            most = Math.max(most, idle);
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "the load generator's CPU %d was %.0f%% idle, short of the %.0f%% it needs%s, but the server's"
                        + " %s %.0f%% idle: the server's core, the busier of the two, set the rate — not the load"
                        + " generator's",
                c.core(),
                c.idle() * 100,
                t.loadgenMinIdle() * 100,
                whose(e, c.core(), 1 - c.idle()),
                (server.length == 1 ? "CPU " : "CPUs ")
                        + e.cpus().server()
                        + (server.length == 1 ? " was" : " were at most"),
                most * 100));
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
