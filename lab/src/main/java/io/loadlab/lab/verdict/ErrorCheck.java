package io.loadlab.lab.verdict;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * ERRORS: failed requests, the 503s that shed load excluded ({@link Evidence#rejections}), above the threshold; the
 * reason lists them by category and says which of the 5xx answers named a dependency. At a load the server should
 * carry (not an overload experiment), a goodput under (1 − the threshold) of the throughput is ERRORS whatever the
 * status codes said: the answers that count are the ones that succeeded in time.
 */
final class ErrorCheck {
    private ErrorCheck() {}

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        if (e.load() == null) {
            String why = e.serverExit() != null
                    ? "the server exited with status " + e.serverExit() + " during the trial"
                    : "the load generator produced no report";
            return Optional.of(new Verdict(VerdictCode.ERRORS, why + "; see the trial's logs"));
        }
        long attempts = e.load().attempts();
        ErrorCounts c = e.load().errors() == null ? ErrorCounts.NONE : e.load().errors();
        long errors = c.total() - e.rejections();
        if (attempts == 0) {
            return Optional.of(new Verdict(
                    VerdictCode.ERRORS,
                    "no request was answered during measurement"
                            + (e.serverExit() != null ? " (the server exited with status " + e.serverExit() + ")" : "")
                            + "; see server.log"));
        }
        Optional<Verdict> stalled = stalled(e);
        if (stalled.isPresent()) {
            return stalled;
        }
        double fraction = errors / (double) attempts;
        if (fraction <= t.errors() && e.serverExit() == null) {
            return goodputShort(e, t);
        }
        List<String> parts = new ArrayList<>(c.plus(ErrorCounts.of(ErrorCategory.STATUS, -c.get(ErrorCategory.STATUS)))
                .describe());
        if (e.load().statusCodes() != null) {
            for (Map.Entry<String, Long> s : e.load().statusCodes().entrySet()) {
                if (!s.getKey().startsWith("2") && !s.getKey().startsWith("3")) {
                    // the 503s that shed load are no error: what is left of them is
                    long n = s.getKey().equals("503") ? s.getValue() - e.rejections() : s.getValue();
                    add(parts, "status " + s.getKey(), n);
                }
            }
        }
        String reason = errors + " of " + attempts + " requests failed (" + Verdicts.pct(fraction) + ", limit "
                + Verdicts.pct(t.errors()) + "): " + (parts.isEmpty() ? "none by category" : String.join(", ", parts))
                + named(e)
                + (e.serverExit() != null ? "; the server exited with status " + e.serverExit() + " mid-trial" : "")
                + "; see server.log — this number is not the server's capacity";
        return Optional.of(new Verdict(VerdictCode.ERRORS, reason));
    }

    /** {@code ; 3574 of the 5xx named the database} — what the server's error answers said failed; "" when none. */
    private static String named(Evidence e) {
        if (e.load().answers() == null) {
            return "";
        }
        List<String> named = new ArrayList<>();
        add(named, "named the database", e.load().answers().databaseErrors());
        add(named, "named the backend", e.load().answers().backendErrors());
        return named.isEmpty() ? "" : "; of the 5xx answers, " + String.join(", ", named);
    }

    /**
     * Goodput (answers that succeeded within the timeout) under (1 − the threshold) of the answers, at a load the
     * server should carry: whatever the statuses, most answers did not count.
     */
    private static Optional<Verdict> goodputShort(Evidence e, Thresholds t) {
        if (e.overload() || e.load().goodput() == null || e.load().throughput() == null) {
            return Optional.empty();
        }
        double rps = e.load().throughput().rps();
        long answered = e.load().throughput().requests();
        // the sheds that said so are counted apart (rejected), not as answers that failed
        double shed = answered <= 0 ? 0 : rps * Math.min(1.0, e.rejections() / (double) answered);
        double served = rps - shed;
        double good = e.load().goodput().rps();
        if (served <= 0 || good >= (1 - t.errors()) * served) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                VerdictCode.ERRORS,
                String.format(
                        Locale.ROOT,
                        "goodput %.1f req/s is %s of the %.1f req/s answered%s (at least %s must succeed in time): the"
                                + " rest were late or failed" + named(e) + "; see server.log — this number is not the"
                                + " server's capacity",
                        good,
                        Verdicts.pct(good / served),
                        served,
                        shed > 0 ? String.format(Locale.ROOT, " besides %.1f req/s shed", shed) : "",
                        Verdicts.pct(1 - t.errors()))));
    }

    /**
     * A server that stops answering leaves its requests in flight, counted nowhere: neither answered nor (before
     * the timeout) failed. Whole seconds without a single answer give it away, unless every request takes a second
     * or more by design.
     */
    static Optional<Verdict> stalled(Evidence e) {
        List<IntervalStats> all = e.load().intervals();
        if (all == null || all.isEmpty() || (e.floorMs() != null && e.floorMs() >= 1000)) {
            return Optional.empty();
        }
        List<IntervalStats> iv = SteadinessCheck.full(all, e.load().run().durationS());
        double period =
                iv.size() > 1 ? iv.get(1).tS() - iv.get(0).tS() : iv.get(0).tS();
        // Silence before the first answer is start-up (connections opening on a busy CPU): NOT_STEADY's business.
        // Silence after answers began is a server that stopped answering.
        int first = 0;
        while (first < iv.size()
                && iv.get(first).requests() == 0
                && iv.get(first).errors() == 0) {
            first++;
        }
        if (first == iv.size()) {
            return Optional.empty();
        }
        List<IntervalStats> after = iv.subList(first, iv.size());
        long silent =
                after.stream().filter(i -> i.requests() == 0 && i.errors() == 0).count();
        long expected = period > 0 ? (long) Math.floor(e.load().run().durationS() / period + 1e-9) : iv.size();
        silent += Math.max(0, expected - all.size());
        if (silent == 0) {
            return Optional.empty();
        }
        double firstSilent = after.stream()
                .filter(i -> i.requests() == 0 && i.errors() == 0)
                .mapToDouble(i -> i.tS() - period)
                .min()
                .orElse(all.get(all.size() - 1).tS());
        return Optional.of(new Verdict(
                VerdictCode.ERRORS,
                String.format(
                        Locale.ROOT,
                        "the server answered nothing for %d of the %.0f measured seconds (from t=%.0fs on) with %d"
                                + " connections waiting: it stopped answering (hung or deadlocked); see server.log",
                        silent,
                        e.load().run().durationS(),
                        firstSilent,
                        e.level().connections())));
    }

    private static void add(List<String> parts, String name, long n) {
        if (n > 0) {
            parts.add(n + " " + name);
        }
    }
}
