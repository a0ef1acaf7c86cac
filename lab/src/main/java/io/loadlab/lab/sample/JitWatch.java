package io.loadlab.lab.sample;

import io.loadlab.core.proc.ProcFs;
import io.loadlab.core.proc.TaskStats;

/**
 * Watches a server's JIT compiler threads during the warm-up: a JVM that is still compiling its hot paths runs slower
 * and steals CPU from itself, so its window should not open yet. {@link #quiet()} is true once the compiler threads
 * wanted less than {@link #QUIET_CORES} of a core over the last second — the CPU they used plus the time they waited
 * for one, since on a core saturated by hundreds of request threads a JIT far from done gets little CPU and would
 * otherwise look quiet — or at once for a process with no compiler threads (not a JVM). Not thread-safe.
 */
public final class JitWatch {
    /** Compiler CPU, in cores over the last second, under which the JIT counts as done. */
    public static final double QUIET_CORES = 0.10;

    private static final long SECOND = 1_000_000_000L;

    private final long pid;
    private final LastSecond demands = new LastSecond();
    private double lastCores = -1;

    public JitWatch(long pid) {
        this.pid = pid;
    }

    /** True when the JIT has been quiet for the last second (takes a sample; call about every 100 ms or more). */
    public boolean quiet() {
        TaskStats t = TaskStats.read(pid);
        if (t == null) {
            return true; // gone, or too many threads to watch: nothing to wait for
        }
        if (t.compilerThreads() == 0) {
            lastCores = 0;
            return true;
        }
        long demand = t.compilerTicks() * (SECOND / ProcFs.clockTicksPerSecond()) + t.compilerWaitNanos();
        double perNano = demands.rate(System.nanoTime(), demand);
        if (Double.isNaN(perNano)) {
            return false; // not a whole second watched yet
        }
        lastCores = perNano;
        return lastCores < QUIET_CORES;
    }

    /**
     * The compiler threads' demand (cores: CPU used plus time waiting for one) over the last second measured, or -1
     * before a second was watched.
     */
    public double lastCores() {
        return lastCores;
    }
}
