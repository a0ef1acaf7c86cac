package io.loadlab.lab.verdict;

import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.ArrayList;
import java.util.List;
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
        long attempts = e.attempts();
        ErrorCounts c = e.load().errors() == null ? ErrorCounts.NONE : e.load().errors();
        long errors = c.total() - e.rejections();
        if (attempts == 0) {
            return Optional.of(new Verdict(
                    VerdictCode.ERRORS,
                    "no request was answered during measurement"
                            + (e.serverExit() != null ? " (the server exited with status " + e.serverExit() + ")" : "")
                            + "; see server.log"));
        }
        double fraction = errors / (double) attempts;
        if (fraction <= t.errors() && e.serverExit() == null) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        add(parts, "connect", c.connect());
        add(parts, "read", c.read());
        add(parts, "write", c.write());
        add(parts, "timeout", c.timeout());
        add(parts, "invalid", c.invalid());
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

    private static void add(List<String> parts, String name, long n) {
        if (n > 0) {
            parts.add(n + " " + name);
        }
    }
}
