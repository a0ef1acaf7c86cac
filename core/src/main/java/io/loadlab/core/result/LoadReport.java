package io.loadlab.core.result;

import java.util.List;
import java.util.Map;

/**
 * What one run of {@code loadlab load} measured, as written by {@code --json FILE}. Documented in
 * {@code docs/load-json.md}; {@link #SCHEMA_VERSION} changes whenever a field changes meaning.
 *
 * <p>{@code latency_ms} runs from the intended send time in the open model (coordinated-omission corrected) and
 * from the actual send time in the closed model; {@code service_time_ms} is always from the actual send time and is
 * present only in the open model. {@code target_rps} is present only in the open model.
 */
public record LoadReport(
        int schemaVersion,
        String url,
        String loadModel,
        int threads,
        int connections,
        Double targetRps,
        double durationS,
        long requests,
        double throughputRps,
        long bytesRead,
        LatencyStats latencyMs,
        LatencyStats serviceTimeMs,
        ErrorCounts errors,
        Map<String, Long> statusCodes,
        long delayedRequests,
        int maxConnectionsOpened,
        Map<String, RequestStats> perRequest,
        List<IntervalStats> intervals,
        String hlog) {
    public static final int SCHEMA_VERSION = 1;

    public static final String CLOSED = "closed";
    public static final String OPEN = "open";
}
