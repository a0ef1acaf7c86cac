package io.loadlab.report;

import io.loadlab.core.result.Criterion;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Path;
import java.util.List;

/**
 * The criterion an experiment's answer ranks by, and how to read it from a trial: throughput or p99, of all requests
 * or of one named request of a mix. When the results carry no criterion (schema 1, or the field missing) it is the
 * default of the load model: highest throughput in the closed model, lowest p99 in the open one.
 *
 * @param defaulted true when the results named no criterion and the load model's default is used
 * @param resultsDir where the trials' files are (their histogram logs), or null when unknown
 */
record RankBy(Criterion criterion, boolean defaulted, boolean open, Path resultsDir) {

    static RankBy of(ExperimentInfo info, boolean open, Path resultsDir) {
        Criterion c = info == null ? null : info.criterion();
        if (c == null || c.metric() == null) {
            return new RankBy(Criterion.defaultFor(open), true, open, resultsDir);
        }
        return new RankBy(c, false, open, resultsDir);
    }

    boolean byP99() {
        return criterion.byP99();
    }

    String request() {
        return criterion.request();
    }

    Double sloMs() {
        return byP99() ? null : criterion.sloMs();
    }

    /** "highest throughput with p99 ≤ 200 ms (the experiment's criterion)" or "... (the closed model's default)". */
    String describe() {
        String whose =
                defaulted ? "the " + (open ? "open" : "closed") + " model's default" : "the experiment's criterion";
        return criterion.describe() + " (" + whose + ")";
    }

    /** The ranked metric of a trial; NaN when the trial did not measure it (e.g. no request of that name). */
    double value(TrialResult t) {
        return byP99() ? p99(t) : throughput(t);
    }

    /**
     * The throughput a trial is ranked by: its goodput (the answers that succeeded within the timeout) where the
     * report has one, so that fast errors never rank; of one named request, its own throughput.
     */
    double throughput(TrialResult t) {
        if (request() == null) {
            return t.load().goodput() != null
                    ? t.load().goodput().rps()
                    : t.load().throughput().rps();
        }
        RequestStats r = requestStats(t);
        return r == null ? Double.NaN : r.throughputRps();
    }

    double p99(TrialResult t) {
        LatencyStats l = request() == null ? t.load().latencyMs() : latencyOf(requestStats(t));
        return l == null ? Double.NaN : l.p99();
    }

    /**
     * The ranked metric per second of one run, or null when the results keep no such windows: load.json's intervals
     * for all requests, the histogram log's tagged intervals for a named request.
     */
    List<Double> windows(TrialResult t) {
        if (request() != null) {
            return resultsDir == null ? null : RequestWindows.of(resultsDir, t, request(), byP99());
        }
        List<IntervalStats> intervals = t.load().intervals();
        if (intervals == null) {
            return null;
        }
        List<Double> out = new java.util.ArrayList<>(intervals.size());
        double from = 0;
        for (IntervalStats i : intervals) {
            double len = Math.max(1e-9, i.tS() - from);
            out.add(byP99() ? i.p99Ms() : i.goodput() != null ? i.goodput() / len : i.throughputRps());
            from = i.tS();
        }
        return out;
    }

    /** True when a is better than b by this criterion. */
    boolean better(double a, double b) {
        return byP99() ? a < b : a > b;
    }

    /** "200 ms": the SLO as the criterion words it. */
    String sloWords() {
        return Math.round(sloMs()) + " ms";
    }

    /** A value of the ranked metric with its unit, e.g. "8,790 req/s" or "28.0 ms". */
    String format(double v) {
        return number(v) + " " + unit();
    }

    String number(double v) {
        return byP99() ? Numbers.ms(v) : Numbers.rps(v);
    }

    String unit() {
        return byP99() ? "ms" : "req/s";
    }

    private RequestStats requestStats(TrialResult t) {
        return t.load().perRequest() == null ? null : t.load().perRequest().get(request());
    }

    private static LatencyStats latencyOf(RequestStats r) {
        return r == null ? null : r.latencyMs();
    }
}
