package io.loadlab.report;

import io.loadlab.core.result.VerdictDefaults;
import io.loadlab.report.stats.SampleStats;
import io.loadlab.report.stats.WelchTest;

/**
 * How one metric moved from run A to run B: the means, B's relative difference, the Welch p-value (null without
 * repetitions on both sides) and the word a reader acts on. {@code higherIsBetter} is true for throughput, false for
 * latency, so "faster" always means B is better.
 */
public record Change(double a, double b, double relative, Double p, String word) {
    public static final String FASTER = "faster";
    public static final String SLOWER = "slower";
    public static final String SAME = "no significant difference";
    public static final String UNKNOWN = "no repetitions — significance unknown";

    static Change of(SampleStats a, SampleStats b, boolean higherIsBetter) {
        double relative = (b.mean() - a.mean()) / a.mean();
        if (!a.repeated() || !b.repeated()) {
            return new Change(a.mean(), b.mean(), relative, null, UNKNOWN);
        }
        WelchTest w = WelchTest.of(a, b);
        String word;
        if (!w.significant(VerdictDefaults.CONFIDENCE)) {
            word = SAME;
        } else {
            word = (b.mean() > a.mean()) == higherIsBetter ? FASTER : SLOWER;
        }
        return new Change(a.mean(), b.mean(), relative, w.p(), word);
    }

    /** "+12.3% (p = 0.004)" or "+12.3%" without repetitions. */
    public String detail() {
        return Numbers.percent(relative) + (p == null ? "" : " (" + Numbers.p(p) + ")");
    }
}
