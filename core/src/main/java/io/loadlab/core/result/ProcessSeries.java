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
        List<ProcessSample> samples) {
    /** Its mean CPU spent per request at {@code rps} requests per second, in µs; NaN when nothing was served. */
    public double cpuMicrosPerRequest(double rps) {
        return rps > 0 ? cpuMean / rps * 1e6 : Double.NaN;
    }
}
