package io.loadlab.core.result;

/**
 * The theoretical bounds of a trial, so that a plateau explains itself.
 *
 * @param rps the most requests per second the workload allows at this load: connections ÷ delay in the closed model
 *     (Little's law), the target rate in the open model; null for a CPU-bound scenario
 * @param floorMs the lowest latency any request can have (the delay), or null
 * @param explanation how {@code rps} was computed, e.g. {@code 1000 connections ÷ 100ms = 10000 req/s}
 * @param designRps the most the model can serve by its own settings, below {@code rps} (e.g. 100 blocking threads ÷
 *     100 ms), or null when its design sets no lower bound
 * @param design how {@code designRps} was computed, e.g. {@code thread-pool: 100 threads ÷ 100ms = 1000 req/s}
 */
public record Ceiling(Double rps, Double floorMs, String explanation, Double designRps, String design) {
    public static final Ceiling NONE = new Ceiling(null, null, null, null, null);

    /** The lower of the two bounds, or null when there is none. */
    public Double effectiveRps() {
        if (designRps == null) {
            return rps;
        }
        return rps == null ? designRps : Math.min(rps, designRps);
    }
}
