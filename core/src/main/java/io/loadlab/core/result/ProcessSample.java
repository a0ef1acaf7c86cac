package io.loadlab.core.result;

import java.util.List;

/**
 * One per-second sample of a process the lab started. {@code cpu} is in cores (1.0 = one core fully busy) over the
 * second before {@code t_s}; context switches are deltas over that second.
 *
 * @param cpuWait in cores too: the time its threads were runnable but waiting for a CPU over that second (the
 *     kernel's {@code schedstat}); {@code cpu + cpuWait} is what the process asked of the CPUs. Null where the kernel
 *     keeps no schedstat, or the process has too many threads to scan.
 * @param cpuJit in cores too: the CPU of the JVM's JIT compiler threads over that second, a part of {@code cpu}. Null
 *     where the process has none (not a JVM) or too many threads to scan.
 * @param gcPauses the stop-the-world garbage-collection pauses that ended in that second, from the JVM's own log; null
 *     where the lab has no such log (a process it did not start as a JVM)
 * @param gcPauseMs their milliseconds, together; null with {@code gcPauses}
 * @param gcHeapAfterMb the heap in use after the last of those collections, in MiB, as its log line gives it; null
 *     where none ended in that second, its lines give no heap (ZGC's), or in files written before it was recorded
 */
public record ProcessSample(
        double tS,
        double cpu,
        double cpuUser,
        double cpuSys,
        long rssBytes,
        int threads,
        long voluntaryCtx,
        long involuntaryCtx,
        Double cpuWait,
        Double cpuJit,
        Integer gcPauses,
        Double gcPauseMs,
        Double gcHeapAfterMb) {

    /**
     * The samples stamped up to {@code untilS} in which a collection gave the heap it left ({@link #gcHeapAfterMb}), in
     * order: what the verdicts read of a heap still filling over a window, and the report beside them.
     */
    public static List<ProcessSample> withHeapAfterGc(List<ProcessSample> samples, double untilS) {
        return samples.stream()
                .filter(s -> s.gcHeapAfterMb() != null && s.tS() <= untilS)
                .toList();
    }

    /**
     * Whether this sample and the load's interval {@code i} cover the same second of the window: both are stamped at
     * a second's end, from the window's start, by clocks read apart, so they match within half a second.
     */
    public boolean sameSecondAs(IntervalStats i) {
        return Math.abs(tS - i.tS()) < 0.5;
    }
}
