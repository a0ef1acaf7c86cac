package io.loadlab.core.result;

import java.util.Map;

/** The statistics of one named request of a scenario (or of all requests together). */
public record RequestStats(
        long requests,
        double throughputRps,
        LatencyStats latencyMs,
        LatencyStats serviceTimeMs,
        ErrorCounts errors,
        Map<String, Long> statusCodes) {}
