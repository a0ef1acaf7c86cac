package io.loadlab.report;

import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.VerdictDefaults;
import io.loadlab.report.stats.SampleStats;
import io.loadlab.report.stats.WelchTest;
import java.util.List;
import java.util.Locale;

/**
 * Whether the best model's lead over the runner-up is more than noise. With at least two valid repetitions of each,
 * Welch's t-test over the repetitions; with fewer, over the per-second windows of one run of each — windows of one
 * run are not independent repetitions, so the words say which it was; with fewer than {@link #MIN_WINDOWS} windows,
 * or none recorded for the ranked metric, the significance is unknown.
 *
 * @param p the Welch p-value, or null when unknown
 * @param basis what the test ran over, e.g. "3 + 3 repetitions" or "the per-second windows of one run each"
 */
record Significance(Double p, boolean significant, String basis) {
    static final int MIN_WINDOWS = 3;
    static final String WINDOWS = "the per-second windows of one run each";

    static Significance of(RankedModel best, RankedModel second, RankBy by) {
        if (best.value().repeated() && second.value().repeated()) {
            String basis = best.value().n() + " + " + second.value().n() + " repetitions";
            return welch(best.value(), second.value(), basis);
        }
        List<Double> a = by.windows(first(best));
        List<Double> b = by.windows(first(second));
        if (a == null || b == null) {
            return unknown(
                    by.request() == null
                            ? "one run each, without per-second windows"
                            : "one run each, and no per-second windows of '" + by.request() + "' in a histogram log");
        }
        if (a.size() < MIN_WINDOWS || b.size() < MIN_WINDOWS) {
            return unknown("one run each, fewer than " + MIN_WINDOWS + " per-second windows");
        }
        return welch(
                SampleStats.of(a, VerdictDefaults.CONFIDENCE), SampleStats.of(b, VerdictDefaults.CONFIDENCE), WINDOWS);
    }

    private static TrialResult first(RankedModel m) {
        return m.valid().get(0);
    }

    private static Significance welch(SampleStats a, SampleStats b, String basis) {
        WelchTest w = WelchTest.of(a, b);
        return new Significance(w.p(), w.significant(VerdictDefaults.CONFIDENCE), basis);
    }

    private static Significance unknown(String why) {
        return new Significance(null, false, why);
    }

    boolean known() {
        return p != null;
    }

    /** "significant (Welch p = 0.003 over 3 + 3 repetitions)", "tied within noise (...)" or "significance unknown (...)". */
    String words() {
        if (!known()) {
            return "significance unknown (" + basis + ")";
        }
        String test = String.format(Locale.ROOT, "Welch %s over %s", Numbers.p(p), basis);
        return (significant ? "significant (" : "tied within noise (") + test + ")";
    }
}
