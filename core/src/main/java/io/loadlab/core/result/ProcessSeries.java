package io.loadlab.core.result;

import java.util.List;

/**
 * Everything sampled of one process during a trial's measurement: its role ({@code server}, {@code loadgen},
 * {@code backend}, {@code postgres}), PID, the CPUs it was pinned to, and its samples, with a summary.
 */
public record ProcessSeries(
        String role,
        long pid,
        String cpus,
        double cpuMean,
        double cpuMax,
        long rssMaxBytes,
        int threadsMax,
        long voluntaryCtx,
        long involuntaryCtx,
        List<ProcessSample> samples) {}
