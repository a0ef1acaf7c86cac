package io.loadlab.loadgen;

import io.loadlab.core.result.LoadReport;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/**
 * A finished run: its report and the merged histograms behind it (microseconds), for callers that print the full
 * percentile spectrum or merge runs. {@code serviceTime} is null in the closed model. {@code cpuSeconds} is this
 * process's CPU time (user + system, every thread: load threads, JIT, GC) during the measured window, or -1 where
 * /proc is missing. {@code windowStartEpochMicros} is when the window opened on the wall clock (0 when unknown), and
 * {@code completedPerConnection} the responses each counted connection completed in it (the fairness's raw data);
 * {@code latencyByRequest} and {@code serviceTimeByRequest} (null in the closed model) hold one histogram per named
 * request, in the spec's order.
 */
public record LoadResult(
        LoadReport report,
        AbstractHistogram latency,
        AbstractHistogram serviceTime,
        double cpuSeconds,
        long windowStartEpochMicros,
        long[] completedPerConnection,
        List<AbstractHistogram> latencyByRequest,
        List<AbstractHistogram> serviceTimeByRequest) {

    public LoadResult(LoadReport report, AbstractHistogram latency, AbstractHistogram serviceTime, double cpuSeconds) {
        this(report, latency, serviceTime, cpuSeconds, 0, new long[0], List.of(), null);
    }

    /** CPU microseconds spent per completed request during the measured window, or -1 when unknown. */
    public double cpuMicrosPerRequest() {
        return cpuSeconds < 0 || report.requests() == 0 ? -1 : cpuSeconds * 1e6 / report.requests();
    }
}
