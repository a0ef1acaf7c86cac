package io.loadlab.lab.verdict;

import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.Optional;

/**
 * WORK_MISMATCH: the dependency did not do the work the answers claim. Backend calls (its {@code /stats} delta over
 * the measured run) must equal successful {@code /backend} answers; the rows the zip-code table gained must equal
 * the {@code 201 Created} answers (counted with {@code count(*)}, exact, where PostgreSQL's statistics counters are
 * published up to seconds late). Requests in flight at either end of the measured window are allowed for: two per
 * connection.
 */
final class WorkCheck {
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
        Long rows = e.work().get("db_rows");
        if (rows != null) {
            long created =
                    e.load().statusCodes() == null ? 0 : e.load().statusCodes().getOrDefault("201", 0L);
            if (Math.abs(rows - created)
                    > Math.round(t.work() * created)
                            + 2L * Math.max(1, e.level().connections())) {
                return Optional.of(new Verdict(
                        VerdictCode.WORK_MISMATCH,
                        "the zipcode table gained " + rows + " rows for " + created + " '201 Created' answers: "
                                + (rows < created
                                        ? "the server answered 201 without inserting"
                                        : "rows were inserted that no answer reported")
                                + "; every model must do the same work"));
            }
        }
        return Optional.empty();
    }
}
