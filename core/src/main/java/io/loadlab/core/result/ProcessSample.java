package io.loadlab.core.result;

/**
 * One per-second sample of a process the lab started. {@code cpu} is in cores (1.0 = one core fully busy) over the
 * second before {@code t_s}; context switches are deltas over that second.
 */
public record ProcessSample(
        double tS,
        double cpu,
        double cpuUser,
        double cpuSys,
        long rssBytes,
        int threads,
        long voluntaryCtx,
        long involuntaryCtx) {}
