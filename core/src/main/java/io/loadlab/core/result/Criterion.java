package io.loadlab.core.result;

/**
 * How an experiment names its best model among the valid trials of one load level.
 *
 * @param metric {@link #THROUGHPUT} (highest req/s, with p99 under {@code sloMs} when one is set) or {@link #P99}
 *     (lowest p99)
 * @param request the request of a mix the metric is read from (e.g. {@code fast}); null for all requests
 * @param sloMs an upper bound on p99 for {@link #THROUGHPUT}; trials above it are not ranked first
 */
public record Criterion(String metric, String request, Double sloMs) {
    public static final String THROUGHPUT = "throughput";
    public static final String P99 = "p99";

    /** The default: highest throughput in the closed model, lowest p99 at a fixed rate (open model). */
    public static Criterion defaultFor(boolean openModel) {
        return new Criterion(openModel ? P99 : THROUGHPUT, null, null);
    }

    public boolean byP99() {
        return P99.equals(metric);
    }

    /** Words for the answer, e.g. {@code lowest p99 of 'fast'} or {@code highest goodput with p99 ≤ 200 ms}. */
    public String describe() {
        String of = request == null ? "" : " of '" + request + "'";
        if (byP99()) {
            return "lowest p99" + of;
        }
        // Of all requests the rank is by goodput (answers that succeeded in time): a fast error never ranks.
        return (request == null ? "highest goodput" : "highest throughput" + of)
                + (sloMs == null ? "" : " with p99 ≤ " + Math.round(sloMs) + " ms");
    }
}
