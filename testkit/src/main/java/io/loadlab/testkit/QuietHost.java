package io.loadlab.testkit;

import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * For the few checks that truly need the CPU a quiet host gives: they run as usual, and when one fails while other
 * processes took a large share of the host's CPU during it, the test is skipped with that reason instead of failed.
 * On a quiet host nothing is skipped: a failure there is a failure.
 *
 * <p>"Other processes" are every process but this JVM and its descendants (the servers and children a test starts),
 * measured from {@code /proc} over the check itself; where {@code /proc} cannot be read the host counts as quiet.
 */
public final class QuietHost {
    /** The share of the host's CPU that other processes may take before a failed check is put down to them. */
    static final double BUSY_SHARE = 0.25;

    private QuietHost() {}

    /** A check that throws an {@link AssertionError} when it does not hold. */
    @FunctionalInterface
    public interface Check {
        void run() throws Exception;
    }

    /**
     * Runs {@code check}; if it fails on a busy host, skips the test saying so, why the check needs a quiet core
     * ({@code needs}) and what failed. Any other exception, and a failure on a quiet host, propagate. The host is
     * watched while {@code check} runs: when it asserts on what ran before it, use {@link #watch} there instead.
     */
    public static void holds(String needs, Check check) throws Exception {
        watch().holds(needs, check);
    }

    /** Starts watching the host: call it before what a later {@link Watch#holds} check measures. */
    public static Watch watch() {
        return new Watch(CpuShares.read());
    }

    /** How busy the host was from {@link #watch} on. */
    public static final class Watch {
        private final CpuShares since;

        private Watch(CpuShares since) {
            this.since = since;
        }

        /** As {@link QuietHost#holds}, putting a failure down to the host if it was busy since the watch began. */
        public void holds(String needs, Check check) throws Exception {
            try {
                check.run();
            } catch (AssertionError failure) {
                CpuShares now = CpuShares.read();
                double others = since == null || now == null ? 0 : now.othersShareSince(since);
                if (others <= BUSY_SHARE) {
                    throw failure;
                }
                Assumptions.abort(skipped(others, needs, failure));
            }
        }
    }

    /** Skips the test now, with the reason, when other processes take more than a quarter of the host's CPU. */
    public static void assume(String needs) throws InterruptedException {
        CpuShares before = CpuShares.read();
        Thread.sleep(1000);
        CpuShares after = CpuShares.read();
        double others = before == null || after == null ? 0 : after.othersShareSince(before);
        if (others > BUSY_SHARE) {
            Assumptions.abort(skipped(others, needs, null));
        }
    }

    /**
     * Skips the test when the lab judged one of {@code trials} {@code LOADGEN_SATURATED} because other processes took
     * the load generator's core: the trial's own account that the host was busy.
     */
    public static void assumeNotStarved(List<TrialResult> trials, String needs) {
        for (TrialResult t : trials) {
            for (Verdict v : t.verdicts() == null ? List.<Verdict>of() : t.verdicts()) {
                if (v.code() == VerdictCode.LOADGEN_SATURATED && v.reason().contains(STARVED)) {
                    Assumptions.abort("skipped: the host was busy (the lab judged trial " + t.id() + " " + v.code()
                            + ": " + v.reason() + "): " + needs);
                }
            }
        }
    }

    /** How {@code LoadgenSaturationCheck} says that processes other than the lab's took the load generator's core. */
    static final String STARVED = "other processes took the rest";

    static String skipped(double others, String needs, AssertionError failure) {
        String s = String.format(
                "skipped: the host was busy (other processes took %.0f%% of %d CPUs, load average %s): %s",
                others * 100, Runtime.getRuntime().availableProcessors(), CpuShares.loadAverage(), needs);
        if (failure != null && failure.getMessage() != null) {
            String what = String.join(" ", failure.getMessage().strip().split("\\s+"));
            s += "; it failed with: " + (what.length() > 300 ? what.substring(0, 300) + "…" : what);
        }
        return s;
    }
}
