package io.loadlab.report.stats;

/**
 * Welch's unequal-variances t-test of two means, with the Welch–Satterthwaite degrees of freedom and a two-sided
 * p-value. Needs at least two values on each side.
 */
public record WelchTest(double t, double df, double p) {

    public static WelchTest of(SampleStats a, SampleStats b) {
        if (!a.repeated() || !b.repeated()) {
            throw new IllegalArgumentException("Welch's t-test needs at least two values per sample");
        }
        double va = a.varianceOfMean();
        double vb = b.varianceOfMean();
        double diff = a.mean() - b.mean();
        if (va + vb == 0) {
            // No spread at all: identical means cannot differ, any other gap is certain.
            return diff == 0
                    ? new WelchTest(0, a.n() + b.n() - 2, 1)
                    : new WelchTest(Math.copySign(Double.POSITIVE_INFINITY, diff), a.n() + b.n() - 2, 0);
        }
        double t = diff / Math.sqrt(va + vb);
        double df = (va + vb) * (va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        return new WelchTest(t, df, StudentT.twoSidedP(t, df));
    }

    /** True when the means differ at the given confidence level (p below 1 − confidence). */
    public boolean significant(double confidence) {
        return p < 1 - confidence;
    }
}
