package io.loadlab.core.result;

import java.util.Locale;

/**
 * What a capacity search looks for: the highest open-model rate whose window keeps the latency percentile under the
 * objective and the errors under their limit, and how it searches (a geometric ramp from {@code startRps}, then
 * bisection until the bracket is within {@code resolution}), bounded by {@code maxSteps} trials and {@code maxRps}.
 *
 * @param slo the objective as written, e.g. {@code p99<100ms}
 * @param percentile the latency percentile it bounds: 50, 90, 99 or 99.9
 * @param sloMs the bound in milliseconds
 * @param maxErrorRate the largest fraction of failed requests (503s included) a passing step may have
 * @param resolution the bracket's width, relative to its lower end, at which bisection stops (0.05 = 5%)
 */
public record CapacityGoal(
        String slo,
        double percentile,
        double sloMs,
        double maxErrorRate,
        double startRps,
        double resolution,
        int maxSteps,
        double maxRps) {

    public CapacityGoal {
        if (!(sloMs > 0)) {
            throw new IllegalArgumentException("capacity: the objective's bound must be above 0, got " + slo);
        }
        if (maxErrorRate < 0 || maxErrorRate >= 1) {
            throw new IllegalArgumentException("capacity: errors must be a fraction under 100%, got " + maxErrorRate);
        }
        if (!(startRps >= 1)) {
            throw new IllegalArgumentException("capacity: start must be at least 1 req/s, got " + startRps);
        }
        if (!(resolution > 0 && resolution < 1)) {
            throw new IllegalArgumentException("capacity: resolution must be between 0% and 100%, got " + resolution);
        }
        if (maxSteps < 2) {
            throw new IllegalArgumentException("capacity: max_steps must be at least 2, got " + maxSteps);
        }
        if (maxRps < startRps) {
            throw new IllegalArgumentException(
                    "capacity: max_rate (" + maxRps + ") must be at least start (" + startRps + ")");
        }
    }

    /** The percentile's value in a window's latency, in milliseconds. */
    public double latencyOf(LatencyStats l) {
        if (percentile <= 50) {
            return l.p50();
        }
        if (percentile <= 90) {
            return l.p90();
        }
        return percentile <= 99 ? l.p99() : l.p999();
    }

    /** Words for the answer, e.g. {@code p99 ≤ 100 ms, errors ≤ 0.1%}. */
    public String describe() {
        return String.format(
                Locale.ROOT, "%s ≤ %s ms, errors ≤ %s%%", percentileName(), trim(sloMs), trim(maxErrorRate * 100));
    }

    public String percentileName() {
        return "p" + trim(percentile).replace(".", "");
    }

    private static String trim(double v) {
        if (v == Math.rint(v)) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.3g", v).replaceFirst("0+$", "");
    }
}
