package io.loadlab.core.result;

import java.util.Map;

/**
 * The statistics of one named request of a run: as in the whole {@link LoadReport}, for this request only, and its
 * {@link Share} of the mix.
 */
public record RequestStats(
        long requests,
        double throughputRps,
        LatencyStats latencyMs,
        LatencyStats serviceTimeMs,
        ErrorCounts errors,
        Map<String, Long> statusCodes,
        long unfinished,
        Share share) {}
