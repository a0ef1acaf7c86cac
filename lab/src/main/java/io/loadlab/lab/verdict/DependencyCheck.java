package io.loadlab.lab.verdict;

import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.Thresholds;
import java.util.Locale;
import java.util.Optional;

/**
 * DEPENDENCY_BOUND: the backend (one event-loop thread, so one core at most) or PostgreSQL (all its processes, on
 * the dependencies' CPUs) was busy beyond {@code dependencyBusy}, or a core waited on I/O beyond {@code iowait}.
 * A backend using at least {@link #CONTENDED_SHARE} of a core on CPUs with less than {@code 1 - dependencyBusy} idle
 * is saturated too: it wanted more CPU than it could get. The server then waited on its dependency: the number is
 * the dependency's, not the model's.
 */
final class DependencyCheck {
    /** A dependency using at least this much of a core on CPUs with no idle time left is saturated by contention: it
     * wanted more CPU than it got (on a quiet host it would use a whole core). */
    static final double CONTENDED_SHARE = 0.25;

    private DependencyCheck() {}

    /** Mean idle fraction of the given CPUs over the samples, or -1 when unknown or not pinned. */
    static double idleOf(Evidence e, String cpus) {
        int[] ids = CpuSplit.ids(cpus);
        if (ids.length == 0 || e.machine().isEmpty()) {
            return -1;
        }
        double sum = 0;
        for (int id : ids) {
            double idle = LoadgenSaturationCheck.meanIdle(e.machine(), id);
            if (idle < 0) {
                return -1;
            }
            sum += idle;
        }
        return sum / ids.length;
    }

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        Optional<ProcessSeries> backend = e.process("backend");
        if (backend.isPresent() && backend.get().cpuMean() >= t.dependencyBusy()) {
            return Optional.of(new Verdict(
                    VerdictCode.DEPENDENCY_BOUND,
                    String.format(
                            Locale.ROOT,
                            "the backend used %.0f%% of its one core (limit %.0f%%): it, not the server, set the"
                                    + " pace; give it its own CPU or lower the load",
                            backend.get().cpuMean() * 100,
                            t.dependencyBusy() * 100)));
        }
        if (backend.isPresent() && backend.get().cpuMean() >= CONTENDED_SHARE) {
            double idle = idleOf(e, e.cpus().dependencies());
            if (idle >= 0 && idle < 1 - t.dependencyBusy()) {
                return Optional.of(new Verdict(
                        VerdictCode.DEPENDENCY_BOUND,
                        String.format(
                                Locale.ROOT,
                                "the backend used %.0f%% of a core and its CPUs (%s) were %.0f%% idle: it could get no"
                                        + " more CPU and set the pace; give it a CPU of its own or lower the load",
                                backend.get().cpuMean() * 100,
                                e.cpus().dependencies(),
                                idle * 100)));
            }
        }
        Optional<ProcessSeries> pg = e.process("postgres");
        int depCores = Math.max(1, CpuSplit.ids(e.cpus().dependencies()).length);
        if (e.cpus().dependencies() == null && !e.machine().isEmpty()) {
            depCores = e.machine().get(0).idle().size();
        }
        if (pg.isPresent() && pg.get().cpuMean() >= t.dependencyBusy() * depCores) {
            return Optional.of(new Verdict(
                    VerdictCode.DEPENDENCY_BOUND,
                    String.format(
                            Locale.ROOT,
                            "PostgreSQL used %.2f of its %d core(s) (limit %.0f%%): the database set the pace; give"
                                    + " it more CPUs or lower the load",
                            pg.get().cpuMean(),
                            depCores,
                            t.dependencyBusy() * 100)));
        }
        if (!e.machine().isEmpty()) {
            int cores = e.machine().get(0).iowait().size();
            for (int c = 0; c < cores; c++) {
                final int core = c;
                double io = e.machine().stream()
                        .filter(s -> s.iowait().size() > core)
                        .mapToDouble(s -> s.iowait().get(core))
                        .average()
                        .orElse(0);
                if (io > t.iowait()) {
                    return Optional.of(new Verdict(
                            VerdictCode.DEPENDENCY_BOUND,
                            String.format(
                                    Locale.ROOT,
                                    "CPU %d waited on I/O %.0f%% of the time (limit %.0f%%): the disk set the pace;"
                                            + " use a faster disk or a tmpfs data directory",
                                    core,
                                    io * 100,
                                    t.iowait() * 100)));
                }
            }
        }
        return Optional.empty();
    }
}
