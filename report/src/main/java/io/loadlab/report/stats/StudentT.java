package io.loadlab.report.stats;

/**
 * Student's t distribution for any positive (also fractional, as Welch–Satterthwaite gives) degrees of freedom. The
 * CDF goes through the regularized incomplete beta function; the quantile inverts the CDF by bisection, which is
 * exact to 1e-12 and fast enough for a report. Stateless and thread-safe.
 */
public final class StudentT {
    private StudentT() {}

    /** P(T ≤ t) for T with {@code df} degrees of freedom. */
    public static double cdf(double t, double df) {
        requireDf(df);
        if (Double.isInfinite(t)) {
            return t > 0 ? 1 : 0;
        }
        double tail = 0.5 * Beta.regularizedIncomplete(df / (df + t * t), df / 2, 0.5);
        return t > 0 ? 1 - tail : tail;
    }

    /** P(|T| ≥ |t|): the two-sided p-value of a t statistic. */
    public static double twoSidedP(double t, double df) {
        requireDf(df);
        if (Double.isInfinite(t)) {
            return 0;
        }
        return Beta.regularizedIncomplete(df / (df + t * t), df / 2, 0.5);
    }

    /** The t with P(T ≤ t) = p, for 0 < p < 1 (e.g. 12.706 for p = 0.975, df = 1). */
    public static double quantile(double p, double df) {
        requireDf(df);
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("probability must be in (0, 1), got " + p);
        }
        if (p == 0.5) {
            return 0;
        }
        if (p < 0.5) {
            return -quantile(1 - p, df);
        }
        double lo = 0;
        double hi = 1;
        while (cdf(hi, df) < p) {
            lo = hi;
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, hi); i++) {
            double mid = (lo + hi) / 2;
            if (cdf(mid, df) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** The two-sided critical value at {@code confidence} (e.g. 0.95 → the 0.975 quantile). */
    public static double critical(double confidence, double df) {
        return quantile(1 - (1 - confidence) / 2, df);
    }

    private static void requireDf(double df) {
        if (!(df > 0)) {
            throw new IllegalArgumentException("degrees of freedom must be > 0, got " + df);
        }
    }
}
