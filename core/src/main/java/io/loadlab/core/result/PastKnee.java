package io.loadlab.core.result;

/**
 * A model held past its capacity: one trial at {@code factor} × its capacity, and what it did there.
 *
 * @param behaviour {@link #SHEDS} (it refused the excess and kept the objective for what it served), {@link #QUEUES}
 *     (it served about its capacity, late: latency past the objective) or {@link #COLLAPSES} (it served under 80% of
 *     its capacity); null when the trial measured nothing
 * @param servedRps successful answers per second
 */
public record PastKnee(
        double factor,
        double rateRps,
        String trialId,
        double throughputRps,
        double servedRps,
        double errorRate,
        long rejections,
        double latencyMs,
        String behaviour) {
    public static final String SHEDS = "sheds";
    public static final String QUEUES = "queues";
    public static final String COLLAPSES = "collapses";
}
