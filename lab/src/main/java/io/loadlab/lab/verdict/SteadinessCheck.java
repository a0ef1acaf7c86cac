package io.loadlab.lab.verdict;

import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * NOT_STEADY: the per-second throughput varied (coefficient of variation) beyond {@code steady}, or the p99 of the
 * window's first half differs from its second half's beyond it. Each half's p99 is the p99 of its per-second
 * histograms merged — a percentile of the responses, never an average of percentiles. The last interval is left out
 * when it is a partial one. A p99 drift under {@link #P99_SLACK_MS} is ignored: sub-millisecond p99s jitter by more
 * than 15% on any shared machine.
 */
final class SteadinessCheck {
    static final double P99_SLACK_MS = 1.0;

    private SteadinessCheck() {}

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        if (e.load() == null || e.load().intervals() == null) {
            return Optional.empty();
        }
        List<IntervalStats> iv = full(e.load().intervals(), e.load().run().durationS());
        if (iv.size() < 3) {
            return Optional.empty();
        }
        double cv = cv(iv);
        if (cv > t.steady()) {
            return Optional.of(new Verdict(
                    VerdictCode.NOT_STEADY,
                    String.format(
                            Locale.ROOT,
                            "throughput varied by %.0f%% (coefficient of variation) across %d seconds (limit %.0f%%):"
                                    + " lengthen warmup or duration, or look for GC pauses and other load on the host",
                            cv * 100,
                            iv.size(),
                            t.steady() * 100)));
        }
        List<Histogram> w = e.windows();
        if (w.size() < 2) {
            return Optional.empty();
        }
        int half = w.size() / 2;
        double a = p99(w.subList(0, half));
        double b = p99(w.subList(w.size() - half, w.size()));
        double drift = Math.abs(a - b) / Math.max(1e-9, (a + b) / 2);
        if (drift > t.steady() && Math.abs(a - b) > P99_SLACK_MS) {
            return Optional.of(new Verdict(
                    VerdictCode.NOT_STEADY,
                    String.format(
                            Locale.ROOT,
                            "p99 moved from %.2f ms (first half) to %.2f ms (second half), %.0f%% (limit %.0f%%):"
                                    + " lengthen warmup so the server reaches its steady state",
                            a,
                            b,
                            drift * 100,
                            t.steady() * 100)));
        }
        return Optional.empty();
    }

    /** The p99 (ms) of the responses of these seconds: their histograms merged. */
    static double p99(List<Histogram> seconds) {
        Histogram all = new Histogram(seconds.get(0).getHighestTrackableValue(), 3);
        seconds.forEach(all::add);
        return all.getTotalCount() == 0 ? 0 : all.getValueAtPercentile(99) / 1e3;
    }

    /** The intervals that cover a whole period: a trailing one shorter than 90% of the others is dropped. */
    static List<IntervalStats> full(List<IntervalStats> iv, double durationS) {
        if (iv.size() < 2) {
            return iv;
        }
        double period = iv.get(1).tS() - iv.get(0).tS();
        IntervalStats last = iv.get(iv.size() - 1);
        double lastLen = last.tS() - iv.get(iv.size() - 2).tS();
        return lastLen < 0.9 * period ? iv.subList(0, iv.size() - 1) : iv;
    }

    static double cv(List<IntervalStats> iv) {
        double mean =
                iv.stream().mapToDouble(IntervalStats::throughputRps).average().orElse(0);
        if (mean <= 0) {
            return 0;
        }
        double var = iv.stream()
                        .mapToDouble(i -> (i.throughputRps() - mean) * (i.throughputRps() - mean))
                        .sum()
                / Math.max(1, iv.size() - 1);
        return Math.sqrt(var) / mean;
    }
}
