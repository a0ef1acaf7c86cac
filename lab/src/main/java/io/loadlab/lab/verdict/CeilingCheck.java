package io.loadlab.lab.verdict;

import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.Locale;
import java.util.Optional;

/**
 * BELOW_CEILING: the trial reached less than {@code belowCeiling} of its ceiling (Little's bound, the target rate, or
 * — for a CPU-bound closed-model scenario — the server's CPUs) while neither the load generator nor a dependency was
 * saturated, so the limit is inside the server. The reason names it from the evidence: the model's design (its
 * threads), the server's own CPU (with its CPU per request: a framework that spends its core first — or whose own
 * threads queue for its core, its mean CPU short of 100% while what they asked for is not), the backend
 * calls really in flight, the database connections active, or connections left waiting. It keeps the number: it
 * explains it.
 */
final class CeilingCheck {
    /** A server using this much of its CPUs is CPU-bound: that is a ceiling, not a limit inside it. */
    static final double SERVER_BUSY = 0.85;

    /** Connections per server CPU above which a CPU-bound server is expected to keep its CPUs busy. */
    static final int CONNECTIONS_PER_CORE = 50;

    private CeilingCheck() {}

    /** @param saturated true when another verdict already names what saturated (load generator, dependency) */
    static Optional<Verdict> check(Evidence e, Thresholds t, boolean saturated) {
        if (e.load() == null || saturated) {
            return Optional.empty();
        }
        double rps = e.load().throughput().rps();
        int cores = e.serverCores();
        double cpu = e.serverCpu();
        Ceiling c = e.ceiling();
        if (c.rps() == null) {
            return asksForItsCpus(cores, cpu, e.serverCpuWait()) ? Optional.empty() : cpuBound(e, t, rps, cores, cpu);
        }
        if (rps >= t.belowCeiling() * c.rps()) {
            return Optional.empty();
        }
        double share = 100 * rps / c.rps();
        String head = String.format(
                Locale.ROOT,
                "%.0f req/s is %s%% of the %.0f req/s of %s: ",
                rps,
                share < 1 ? String.format(Locale.ROOT, "%.1f", share) : String.format(Locale.ROOT, "%.0f", share),
                c.rps(),
                c.explanation());
        String queue = Verdicts.overloaded(e, t)
                ? "; the requests it could not take queued, so latency grew through the window and has no steady"
                        + " state at this rate"
                : "";
        return Optional.of(new Verdict(VerdictCode.BELOW_CEILING, head + limit(e, t, rps) + queue));
    }

    /**
     * A CPU-bound scenario's ceiling is the server's CPUs, which enough connections keep busy; with fewer, both sides
     * wait on the round trip and nothing is wrong. A scenario file's requests may wait on what the lab cannot see, so
     * they are not taken for CPU-bound.
     */
    private static Optional<Verdict> cpuBound(Evidence e, Thresholds t, double rps, int cores, double cpu) {
        if (!e.closed()
                || !e.scenario().kind().contract()
                || cores == 0
                || cpu < 0
                || cpu >= t.belowCeiling() * cores
                || e.level().connections() < CONNECTIONS_PER_CORE * cores) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                VerdictCode.BELOW_CEILING,
                String.format(
                        Locale.ROOT,
                        "%.0f req/s with the server using %.2f of its %d CPU(s) and the load generator not saturated:"
                                + " %s",
                        rps,
                        cpu,
                        cores,
                        limit(e, t, rps))));
    }

    /**
     * Every connection's request reached the backend at some point, yet on average fewer calls were in flight than
     * requests waited: each request spent time inside the server before or after its call, while its CPU was not
     * saturated (that case is named before this one). Null when the evidence does not show it.
     */
    private static String aroundTheBackend(Evidence e, Thresholds t, DependencyWork.Backend b, int waiting) {
        if (b == null
                || b.meanInFlight() == null
                || !e.closed()
                || waiting == 0
                || e.load().latencyMs() == null) {
            return null;
        }
        double share = b.meanInFlight() / waiting;
        Double wait = e.ceiling().floorMs() != null ? e.ceiling().floorMs() : e.floorMs();
        if (wait == null) {
            return null; // without the backend's delay, the time inside the server is unknown
        }
        double floor = wait;
        double inside = e.load().latencyMs().mean() - floor;
        if (share >= t.belowCeiling() + (1 - t.belowCeiling()) / 2 || inside <= 0) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "%.0f backend calls were in flight on average while %d requests waited (%.0f%%): each request spent"
                        + " about %.0f ms inside the server around its call (mean latency %.1f ms, backend %.0f ms),"
                        + " with the server's CPU at %.2f — it queues requests (its event loops, its HTTP client's pool"
                        + " or its threads), not for want of CPU",
                b.meanInFlight(),
                waiting,
                100 * share,
                inside,
                e.load().latencyMs().mean(),
                floor,
                e.serverCpu());
    }

    /** True when the server used its CPUs: a CPU-bound scenario's ceiling, or the server's own cost per request. */
    private static boolean busy(int cores, double cpu) {
        return cores > 0 && cpu >= SERVER_BUSY * cores;
    }

    /**
     * True when the server's threads asked for {@link #SERVER_BUSY} of its CPUs, in use ({@link #busy}) or in use and
     * waiting in the run queue ({@link #contended}): its CPUs are its limit.
     */
    static boolean asksForItsCpus(int cores, double cpu, double wait) {
        return busy(cores, cpu) || contended(cores, cpu, wait);
    }

    /**
     * True when what the server's threads asked of its CPUs — the CPU they used plus their wait in the run queue — is
     * as much as {@link #SERVER_BUSY} of them: a pinned server whose threads wait for each other is short of CPU even
     * when its mean use is not.
     */
    private static boolean contended(int cores, double cpu, double wait) {
        return cores > 0 && cpu >= 0 && wait > 0 && cpu + wait >= SERVER_BUSY * cores;
    }

    /** What holds the server back, from the strongest evidence to the weakest. */
    static String limit(Evidence e, Thresholds t, double rps) {
        Ceiling c = e.ceiling();
        if (c.designRps() != null && rps >= t.belowCeiling() * c.designRps()) {
            return "the model's design caps it — " + c.design() + " — by design, not a fault of the run";
        }
        int cores = e.serverCores();
        double cpu = e.serverCpu();
        double wait = e.serverCpuWait();
        if (!busy(cores, cpu) && contended(cores, cpu, wait) && rps > 0) {
            return String.format(
                    Locale.ROOT,
                    "the server's own CPU is the limit — its threads asked for %.2f of its %d CPU(s): %.2f used and"
                            + " %.2f waiting in the run queue for it (schedstat), %.0f µs of CPU per request; its own"
                            + " threads (event loops or carriers, GC, JIT) queue for its core, so its mean CPU stays"
                            + " under 100%% — what the model costs per request on this host, not a fault of the run",
                    cpu + wait,
                    cores,
                    cpu,
                    wait,
                    cpu / rps * 1e6);
        }
        if (busy(cores, cpu) && rps > 0) {
            return String.format(
                    Locale.ROOT,
                    "the server's own CPU is the limit — it used %.2f of its %d CPU(s), %.0f µs of CPU per request:"
                            + " what the model (its framework, its client, its GC) costs per request on this host,"
                            + " not a fault of the run",
                    cpu,
                    cores,
                    cpu / rps * 1e6);
        }
        int waiting = e.closed()
                ? e.level().connections()
                : (int) Math.round(e.level().rateRps() * (e.floorMs() == null ? 0.1 : e.floorMs() / 1000));
        DependencyWork.Backend b = e.work().backend();
        if (b != null && b.peakInFlight() != null && b.peakInFlight() < t.belowCeiling() * waiting) {
            return String.format(
                    Locale.ROOT,
                    "at most %d backend calls were in flight (%.0f on average) while %d requests waited: the server"
                            + " caps its concurrent calls to the backend (its HTTP client's connection pool, or the"
                            + " threads that make the calls)",
                    b.peakInFlight(),
                    b.meanInFlight(),
                    waiting);
        }
        String around = aroundTheBackend(e, t, b, waiting);
        if (around != null) {
            return around;
        }
        DependencyWork.Database d = e.work().database();
        if (d != null && d.peakActive() != null && d.peakActive() > 0) {
            return "at most " + d.peakActive() + " database connections were running a statement at once: the"
                    + " server's database pool (or its threads) caps it";
        }
        var f = e.load().connections() == null ? null : e.load().connections().fairness();
        if (f != null && f.completedNone() > 0) {
            return f.completedNone() + " connections got no answer in the window: the server leaves connections"
                    + " waiting";
        }
        int threads = e.process("server").map(p -> p.threadsMax()).orElse(0);
        return String.format(
                Locale.ROOT,
                "neither the server (%s CPU), the load generator nor a dependency was saturated: the limit is inside"
                        + " the server — look at its threads (%d) and pools in its settings and server.log",
                cpu < 0 ? "unsampled" : String.format(Locale.ROOT, "%.2f", cpu),
                threads);
    }
}
