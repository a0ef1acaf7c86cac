package io.loadlab.lab.verdict;

import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.Unfinished;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.Locale;
import java.util.Optional;

/**
 * STARVED (closed model): more than {@code starved} of the connections completed nothing in the window. Each of them
 * waited the whole window with a request unanswered, so the throughput is that of the few connections served; the
 * reason says how many were served and, when the model's design explains it, why.
 */
final class StarvationCheck {
    private StarvationCheck() {}

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        if (e.load() == null || !e.closed() || e.load().connections() == null) {
            return Optional.empty();
        }
        ConnectionFairness f = e.load().connections().fairness();
        if (f == null || f.connections() == 0 || f.starvedFraction() <= t.starved()) {
            return Optional.empty();
        }
        int served = f.connections() - f.completedNone();
        if (served == 0) {
            return Optional.empty(); // nothing answered at all: a dead or hung server, ERRORS' business
        }
        Unfinished u = e.load().unfinished();
        String why;
        if (served == 1) {
            why = "the server serves one connection at a time";
        } else if (e.design() != null && e.model() != null && e.model().blocking()) {
            why = "the server serves about " + served + " connections at a time: "
                    + e.model().id() + " gives " + e.design()
                    + " and keeps one for a connection while the connection lives";
        } else {
            why = "only " + served + " of them were served; the others waited in the server's accept queue or behind"
                    + " the connections it served";
        }
        return Optional.of(new Verdict(
                VerdictCode.STARVED,
                String.format(
                        Locale.ROOT,
                        "%d of %d connections got no answer in the %s window: %s%s",
                        f.completedNone(),
                        f.connections(),
                        seconds(e.load().run().durationS()),
                        why,
                        unfinished(u))));
    }

    /**
     * What became of the waiting connections' requests. Under a second old, the oldest is not a wait worth quoting:
     * their earlier requests timed out, and the ones left were sent again just before the window closed.
     */
    private static String unfinished(Unfinished u) {
        if (u == null || u.count() == 0) {
            return "";
        }
        if (u.oldestAgeMs() < 1000) {
            return " (their last requests, sent again less than 1 s before the window closed, count as unfinished)";
        }
        return String.format(
                Locale.ROOT,
                " (their requests count as unfinished, the oldest %s old)",
                seconds(u.oldestAgeMs() / 1000));
    }

    static String seconds(double s) {
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f s", s) : String.format(Locale.ROOT, "%.1f s", s);
    }
}
