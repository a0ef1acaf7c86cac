package io.loadlab.report.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Student's t distribution for any positive (also fractional, as Welch–Satterthwaite gives) degrees of freedom: the
 * few questions the report asks of it, answered by Commons Statistics' {@link TDistribution}. Stateless and
 * thread-safe.
 */
public final class StudentT {
    private StudentT() {}

    /** P(T ≤ t) for T with {@code df} degrees of freedom. */
    public static double cdf(double t, double df) {
        return of(df).cumulativeProbability(t);
    }

    /** P(|T| ≥ |t|): the two-sided p-value of a t statistic. */
    public static double twoSidedP(double t, double df) {
        TDistribution d = of(df);
        return Double.isInfinite(t) ? 0 : 2 * d.survivalProbability(Math.abs(t));
    }

    /** The t with P(T ≤ t) = p, for 0 < p < 1 (e.g. 12.706 for p = 0.975, df = 1). */
    public static double quantile(double p, double df) {
        TDistribution d = of(df);
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("probability must be in (0, 1), got " + p);
        }
        return d.inverseCumulativeProbability(p);
    }

    /** The two-sided critical value at {@code confidence} (e.g. 0.95 → the 0.975 quantile). */
    public static double critical(double confidence, double df) {
        return quantile(1 - (1 - confidence) / 2, df);
    }

    private static TDistribution of(double df) {
        if (!(df > 0)) {
            throw new IllegalArgumentException("degrees of freedom must be > 0, got " + df);
        }
        return TDistribution.of(df);
    }
}
