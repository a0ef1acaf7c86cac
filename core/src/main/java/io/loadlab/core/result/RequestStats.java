package io.loadlab.core.result;

import java.util.Map;

/**
 * The statistics of one named request of a run: as in the whole {@link LoadReport}, for this request only, and its
 * {@link Share} of the mix.
 *
 * @param wraps for a request whose rows are picked {@code unique}: how many of its requests (warm-up included) drew
 *     a row already drawn in the run because the range ran out, 0 when it never did; null for other picks
 */
public record RequestStats(
        long requests,
        double throughputRps,
        LatencyStats latencyMs,
        LatencyStats serviceTimeMs,
        ErrorCounts errors,
        Map<String, Long> statusCodes,
        long unfinished,
        Share share,
        Long wraps) {}
