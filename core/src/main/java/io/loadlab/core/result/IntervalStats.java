package io.loadlab.core.result;

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
        Long goodput) {}
