package io.loadlab.lab.verdict;

import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.Metastability;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.result.VerdictDefaults;
import io.loadlab.lab.spec.Overload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * METASTABLE: a trial whose backend slowed down for a while ({@link Overload.Trigger}) is judged on what came after.
 * Goodput per second (answers that succeeded within the client's timeout) before the trigger is the reference; the
 * model recovered at the first second back at {@link VerdictDefaults#RECOVERED} of it, and is metastable when it stayed
 * under {@link VerdictDefaults#METASTABLE_DROP} of it for longer than the threshold after the trigger ended: the load
 * its own clients add (retries of requests it served too late) keeps it down although its dependency is fast again.
 */
public final class MetastabilityCheck {
    private MetastabilityCheck() {}

    /** The goodput timeline around {@code trigger}, or null when the report has no goodput or nothing before it. */
    public static Metastability measure(LoadReport load, Overload overload, double thresholdS) {
        Overload.Trigger trigger = overload.trigger();
        if (trigger == null) {
            return null;
        }
        return measure(load, trigger.at().toSeconds(), trigger.endS(), overload.retries(), thresholdS, null);
    }

    /**
     * The goodput timeline around an outage from {@code at} to {@code end} seconds into the window, or null when the
     * report has no goodput or nothing before it. {@code cause}: what happened, for a fault (null for a slowdown).
     */
    public static Metastability measure(
            LoadReport load, double at, double end, int retries, double thresholdS, String cause) {
        if (load == null || load.intervals().isEmpty()) {
            return null;
        }
        List<Metastability.Point> timeline = new ArrayList<>();
        double from = 0;
        for (IntervalStats i : load.intervals()) {
            if (i.goodput() == null) {
                return null;
            }
            double len = Math.max(1e-9, i.tS() - from);
            timeline.add(new Metastability.Point(i.tS(), round(i.goodput() / len), i.throughputRps()));
            from = i.tS();
        }
        double before = mean(timeline, 0, at);
        if (Double.isNaN(before)) {
            return null;
        }
        Double recovery = null;
        Double up = null;
        double start = 0;
        for (Metastability.Point p : timeline) {
            if (start >= end - 1e-6) {
                if (recovery == null && p.goodputRps() >= VerdictDefaults.RECOVERED * before) {
                    recovery = round(start - end);
                }
                if (up == null && p.goodputRps() >= VerdictDefaults.METASTABLE_DROP * before) {
                    up = start - end;
                }
            }
            start = p.tS();
        }
        double lastS = timeline.get(timeline.size() - 1).tS();
        double down = round(up != null ? up : Math.max(0, lastS - end));
        long errorsDuring = 0;
        double intervalStart = 0;
        for (IntervalStats i : load.intervals()) {
            if (i.tS() > at + 1e-6 && intervalStart < end - 1e-6) {
                errorsDuring += i.errors();
            }
            intervalStart = i.tS();
        }
        return new Metastability(
                at,
                round(end - at),
                retries,
                round(before),
                round(orZero(mean(timeline, at, end))),
                round(orZero(mean(timeline, end, Double.MAX_VALUE))),
                recovery,
                down,
                down > thresholdS,
                timeline,
                cause,
                cause == null ? null : errorsDuring);
    }

    /**
     * NO_RECOVERY, after a fault: goodput never came back to {@link VerdictDefaults#RECOVERED} of its level before the
     * fault within the window once the dependency answered again.
     */
    public static Optional<Verdict> recovery(Metastability m) {
        if (m == null || !m.fault() || m.recoveryS() != null) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                VerdictCode.NO_RECOVERY,
                String.format(
                        Locale.ROOT,
                        "after %s (back %.1f s after it began), goodput never returned to %.0f%% of its %.1f req/s"
                                + " before it within the window (%.1f req/s after it): the model does not recover by"
                                + " itself; its server.log says what it kept failing on",
                        m.cause(),
                        m.triggerForS(),
                        VerdictDefaults.RECOVERED * 100,
                        m.beforeRps(),
                        m.afterRps())));
    }

    /** METASTABLE, with its numbers, when {@code m} says so. */
    public static Optional<Verdict> check(Metastability m, double thresholdS) {
        if (m == null || !m.metastable() || m.fault()) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                VerdictCode.METASTABLE,
                String.format(
                        Locale.ROOT,
                        "goodput stayed under %.0f%% of its %.1f req/s before the trigger for %.0f s after the"
                                + " backend was fast again (threshold %.0f s): %.1f req/s after it, with %d client"
                                + " retries; the model keeps serving work its clients gave up on",
                        VerdictDefaults.METASTABLE_DROP * 100,
                        m.beforeRps(),
                        m.downS(),
                        thresholdS,
                        m.afterRps(),
                        m.retries())));
    }

    /** Mean goodput of the seconds that lie inside {@code [from, to)}. */
    private static double mean(List<Metastability.Point> timeline, double from, double to) {
        double sum = 0;
        int n = 0;
        double start = 0;
        for (Metastability.Point p : timeline) {
            if (start >= from - 1e-6 && p.tS() <= to + 1e-6) {
                sum += p.goodputRps();
                n++;
            }
            start = p.tS();
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static double orZero(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
