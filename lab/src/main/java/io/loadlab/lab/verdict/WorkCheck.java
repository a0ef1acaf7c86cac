package io.loadlab.lab.verdict;

import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.Share;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * WORK_MISMATCH: the work done is not the work planned. The backend's calls (its {@code /stats} over the measured
 * window) must equal the successful {@code /backend} answers; the rows the zip-code table gained must equal the
 * {@code 201 Created} answers (counted with {@code count(*)}, exact). Requests in flight at either end of the window
 * are allowed for: two per connection. A scenario that asked for TLS to the database must have had its server's
 * connections use it ({@code pg_stat_ssl}). A request whose rows are picked {@code unique} (crud's writes) must never
 * have run out of fresh keys. And each request's share of a mix planned per request must be within {@code share}
 * points of its plan.
 */
final class WorkCheck {
    private WorkCheck() {}

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        if (e.load() == null) {
            return Optional.empty();
        }
        long ok = e.successes();
        long slack = Math.round(t.work() * ok) + 2L * Math.max(1, e.level().connections());
        DependencyWork.Backend b = e.work().backend();
        if (b != null && Math.abs(b.calls() - ok) > slack) {
            return Optional.of(new Verdict(
                    VerdictCode.WORK_MISMATCH,
                    "the backend answered " + b.calls() + " calls for " + ok + " successful /backend requests: "
                            + (b.calls() < ok
                                    ? "the server answered without calling the backend (a cache or a stub?)"
                                    : "the server called the backend more than once per request (retries?)")
                            + "; every model must do the same work"));
        }
        DependencyWork.Database d = e.work().database();
        if (d != null) {
            long created =
                    e.load().statusCodes() == null ? 0 : e.load().statusCodes().getOrDefault("201", 0L);
            if (Math.abs(d.rowsAdded() - created)
                    > Math.round(t.work() * created)
                            + 2L * Math.max(1, e.level().connections())) {
                return Optional.of(new Verdict(
                        VerdictCode.WORK_MISMATCH,
                        "the zipcode table gained " + d.rowsAdded() + " rows for " + created
                                + " '201 Created' answers: "
                                + (d.rowsAdded() < created
                                        ? "the server answered 201 without inserting"
                                        : "rows were inserted that no answer reported")
                                + "; every model must do the same work"));
            }
        }
        Optional<Verdict> tls = tls(e);
        if (tls.isPresent()) {
            return tls;
        }
        Optional<Verdict> wraps = wraps(e);
        if (wraps.isPresent()) {
            return wraps;
        }
        return share(e, t);
    }

    /** The experiment asked for TLS to the database, and no connection of the server's used it. */
    static Optional<Verdict> tls(Evidence e) {
        DependencyWork.Database d = e.work().database();
        if (!e.scenario().databaseTls() || d == null || (d.sslConnections() != null && d.sslConnections() > 0)) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                VerdictCode.WORK_MISMATCH,
                "the experiment asked for TLS to the database (tls: true) but none of the server's connections used it"
                        + " (pg_stat_ssl): the server ignored sslmode=require, so it did less work than a TLS client"));
    }

    /**
     * A {@code unique} pick ran out of fresh rows: crud's writes became reads of rows written earlier in the run. A
     * scenario file's rows are the user's own, whose reuse the lab cannot call wrong: its wraps are only counted.
     */
    static Optional<Verdict> wraps(Evidence e) {
        Map<String, RequestStats> per = e.load().perRequest();
        if (per == null || !e.scenario().kind().contract()) {
            return Optional.empty();
        }
        for (Map.Entry<String, RequestStats> r : per.entrySet()) {
            Long w = r.getValue().wraps();
            if (w != null && w > 0) {
                return Optional.of(new Verdict(
                        VerdictCode.WORK_MISMATCH,
                        "request '" + r.getKey() + "' ran out of fresh keys: " + w
                                + " of its requests reused a key already sent in this run, so they did not insert;"
                                + " lower the rate, the duration or its weight"));
            }
        }
        return Optional.empty();
    }

    /**
     * A mix planned per request in a fixed sequence keeps its plan; a plan per connection divides connections, not
     * requests, and a {@code random} one (a scenario file may ask for it) is only right on average.
     */
    static Optional<Verdict> share(Evidence e, Thresholds t) {
        Map<String, RequestStats> per = e.load().perRequest();
        if (per == null
                || per.size() < 2
                || List.of("per-connection", "random").contains(e.load().run().assign())) {
            return Optional.empty();
        }
        List<String> planned = new ArrayList<>();
        List<String> realized = new ArrayList<>();
        boolean off = false;
        for (Map.Entry<String, RequestStats> r : per.entrySet()) {
            Share s = r.getValue().share();
            if (s == null) {
                return Optional.empty();
            }
            planned.add(String.format(Locale.ROOT, "%.1f%% %s", s.planned() * 100, r.getKey()));
            realized.add(String.format(Locale.ROOT, "%.1f%% %s", s.realized() * 100, r.getKey()));
            off |= Math.abs(s.gapPoints()) > t.share();
        }
        if (!off) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                VerdictCode.WORK_MISMATCH,
                "planned " + String.join(" : ", planned) + ", realized " + String.join(" : ", realized)
                        + String.format(Locale.ROOT, " (more than %.0f points off)", t.share())
                        + ": the work done is not the work planned, so the number is not this mix's"));
    }
}
