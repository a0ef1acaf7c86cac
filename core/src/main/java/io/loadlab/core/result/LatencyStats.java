package io.loadlab.core.result;

import org.HdrHistogram.AbstractHistogram;

/**
 * Latency percentiles in milliseconds, taken from one HdrHistogram recorded in microseconds. {@code p999} is the
 * 99.9th percentile, {@code p9999} the 99.99th.
 */
public record LatencyStats(
        long count,
        double mean,
        double stdev,
        double min,
        double p50,
        double p75,
        double p90,
        double p99,
        double p999,
        double p9999,
        double max) {

    public static final LatencyStats EMPTY = new LatencyStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Summarises a histogram whose values are microseconds. */
    public static LatencyStats fromMicros(AbstractHistogram h) {
        if (h.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencyStats(
                h.getTotalCount(),
                h.getMean() / 1e3,
                h.getStdDeviation() / 1e3,
                h.getMinValue() / 1e3,
                h.getValueAtPercentile(50) / 1e3,
                h.getValueAtPercentile(75) / 1e3,
                h.getValueAtPercentile(90) / 1e3,
                h.getValueAtPercentile(99) / 1e3,
                h.getValueAtPercentile(99.9) / 1e3,
                h.getValueAtPercentile(99.99) / 1e3,
                h.getMaxValue() / 1e3);
    }
}
