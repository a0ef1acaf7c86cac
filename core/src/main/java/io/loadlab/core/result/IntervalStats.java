package io.loadlab.core.result;

import java.util.List;

/**
 * One interval (a second by default) of a measured run; {@code t_s} is its end, in seconds from the start.
 * {@code goodput} counts its responses with an expected status that arrived within the timeout of their first
 * attempt's intended send; null in files written before it was recorded.
 */
public record IntervalStats(
        double tS,
        long requests,
        double throughputRps,
        double p50Ms,
        double p99Ms,
        double maxMs,
        long errors,
        Long goodput) {

    /**
     * The last second a per-second process sample of this window may be stamped with (the last interval's end plus
     * half a second, as the sampler's seconds and the intervals' need not line up); past it, a sample is the sampler's
     * one more after the window closed. No bound when there are no intervals.
     */
    public static double windowEnd(List<IntervalStats> intervals) {
        return intervals == null || intervals.isEmpty()
                ? Double.MAX_VALUE
                : intervals.get(intervals.size() - 1).tS() + 0.5;
    }
}
