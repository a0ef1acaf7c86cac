package io.loadlab.lab.verdict;

import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.Optional;

/**
 * WORK_MISMATCH: the dependency did not do the work the answers claim. Backend calls (its {@code /stats} delta over
 * the measured run) must equal successful {@code /backend} answers; database transactions
 * ({@code pg_stat_database.xact_commit} delta) must number at least one and at most {@link #MAX_DB_PER_REQUEST} per
 * successful request. Requests in flight at either end of the measured window are allowed for: two per connection.
 */
final class WorkCheck {
    static final int MAX_DB_PER_REQUEST = 3;

    private WorkCheck() {}

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        if (e.load() == null || e.work() == null) {
            return Optional.empty();
        }
        long ok = e.successes();
        // Requests in flight when the measured window opened and when it closed reach the dependency but are counted
        // by neither side of the comparison: up to one per connection at each end.
        long slack = Math.round(t.work() * ok) + 2L * Math.max(1, e.level().connections());
        Long calls = e.work().get("backend_calls");
        if (calls != null && Math.abs(calls - ok) > slack) {
            return Optional.of(new Verdict(
                    VerdictCode.WORK_MISMATCH,
                    "the backend answered " + calls + " calls for " + ok + " successful /backend requests: "
                            + (calls < ok
                                    ? "the server answered without calling the backend (a cache or a stub?)"
                                    : "the server called the backend more than once per request (retries?)")
                            + "; every model must do the same work"));
        }
        Long xacts = e.work().get("db_transactions");
        if (xacts != null) {
            if (xacts + slack < ok) {
                return Optional.of(new Verdict(
                        VerdictCode.WORK_MISMATCH,
                        "PostgreSQL committed " + xacts + " transactions for " + ok + " successful requests: answers"
                                + " did not all come from the database (a cache?); every model must do the same work"));
            }
            if (xacts > MAX_DB_PER_REQUEST * ok + slack) {
                return Optional.of(new Verdict(
                        VerdictCode.WORK_MISMATCH,
                        "PostgreSQL committed " + xacts + " transactions for " + ok + " successful requests (more than "
                                + MAX_DB_PER_REQUEST + " each): retries or extra queries; every model must do the"
                                + " same work"));
            }
        }
        return Optional.empty();
    }
}
