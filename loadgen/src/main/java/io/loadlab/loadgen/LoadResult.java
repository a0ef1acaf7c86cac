package io.loadlab.loadgen;

import io.loadlab.core.result.LoadReport;
import org.HdrHistogram.AbstractHistogram;

/**
 * A finished run: its report and the merged histograms behind it (microseconds), for callers that print the full
 * percentile spectrum. {@code serviceTime} is null in the closed model. {@code cpuSeconds} is this process's CPU time
 * (user + system, every thread: load threads, JIT, GC) during the measured window, or -1 where /proc is missing.
 */
public record LoadResult(
        LoadReport report, AbstractHistogram latency, AbstractHistogram serviceTime, double cpuSeconds) {
    /** CPU microseconds spent per completed request during the measured window, or -1 when unknown. */
    public double cpuMicrosPerRequest() {
        return cpuSeconds < 0 || report.requests() == 0 ? -1 : cpuSeconds * 1e6 / report.requests();
    }
}
