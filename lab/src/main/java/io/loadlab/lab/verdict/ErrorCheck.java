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

/** ERRORS: failed requests, 503 rejections excluded, above the threshold; the reason lists them by category. */
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
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>(c.plus(ErrorCounts.of(ErrorCategory.STATUS, -c.get(ErrorCategory.STATUS)))
                .describe());
        if (e.load().statusCodes() != null) {
            for (Map.Entry<String, Long> s : e.load().statusCodes().entrySet()) {
                if (!s.getKey().startsWith("2")
                        && !s.getKey().startsWith("3")
                        && !s.getKey().equals("503")) {
                    add(parts, "status " + s.getKey(), s.getValue());
                }
            }
        }
        String reason = errors + " of " + attempts + " requests failed (" + Verdicts.pct(fraction) + ", limit "
                + Verdicts.pct(t.errors()) + "): " + (parts.isEmpty() ? "none by category" : String.join(", ", parts))
                + (e.serverExit() != null ? "; the server exited with status " + e.serverExit() + " mid-trial" : "")
                + "; see server.log — this number is not the server's capacity";
        return Optional.of(new Verdict(VerdictCode.ERRORS, reason));
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
