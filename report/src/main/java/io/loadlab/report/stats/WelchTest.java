package io.loadlab.report.stats;

import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Welch's unequal-variances t-test of two means, with the Welch–Satterthwaite degrees of freedom and a two-sided
 * p-value, computed by Commons Statistics' {@link TTest} from each sample's mean, variance and size. Needs at least
 * two values on each side.
 */
public record WelchTest(double t, double df, double p) {
    private static final TTest WELCH =
            TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC).with(AlternativeHypothesis.TWO_SIDED);

    public static WelchTest of(SampleStats a, SampleStats b) {
        if (!a.repeated() || !b.repeated()) {
            throw new IllegalArgumentException("Welch's t-test needs at least two values per sample");
        }
        double diff = a.mean() - b.mean();
        if (a.varianceOfMean() + b.varianceOfMean() == 0) {
            // No spread at all (the t statistic is 0/0 or ±∞): identical means cannot differ, any other gap is certain.
            return diff == 0
                    ? new WelchTest(0, a.n() + b.n() - 2, 1)
                    : new WelchTest(Math.copySign(Double.POSITIVE_INFINITY, diff), a.n() + b.n() - 2, 0);
        }
        TTest.Result r = WELCH.test(a.mean(), a.variance(), a.n(), b.mean(), b.variance(), b.n());
        return new WelchTest(r.getStatistic(), r.getDegreesOfFreedom(), r.getPValue());
    }

    /** True when the means differ at the given confidence level (p below 1 − confidence). */
    public boolean significant(double confidence) {
        return p < 1 - confidence;
    }
}
