package io.loadlab.lab.capacity;

import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.CapacityStep;
import io.loadlab.core.result.ConnectionStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Judges one step of a capacity search from its trial. It passes when, over its window, the objective holds, the
 * errors (503s included: a rejected request was not served) stay under the limit, the load generator sent what it
 * was asked and the responses kept up with it, the backlog left at the window's end is no more than the objective
 * allows, and no invalidating verdict fell. A step the lab itself could not measure ({@code LOADGEN_SATURATED},
 * {@code DEPENDENCY_BOUND}) is not the model's failure: it stops the search with a lower bound.
 */
public final class StepJudge {
    /** A passing step answers at least this share of its offered rate. */
    static final double KEPT_UP = 0.95;
    /**
     * A passing step leaves at most this many times rate × objective requests unfinished: under the objective, the
     * requests in flight are rate × latency (Little's law); more means a queue that was still growing.
     */
    static final double BACKLOG = 2;

    private StepJudge() {}

    public static CapacityStep judge(String trialId, double rate, TrialResult r, CapacityGoal goal) {
        for (Verdict v : r.verdicts() == null ? List.<Verdict>of() : r.verdicts()) {
            if (v.code() == VerdictCode.LOADGEN_SATURATED) {
                return step(trialId, rate, CapacityStep.LAB_LIMIT, "the load generator ran out first: " + v.reason());
            }
            if (v.code() == VerdictCode.DEPENDENCY_BOUND) {
                return step(trialId, rate, CapacityStep.LAB_LIMIT, "a dependency ran out first: " + v.reason());
            }
        }
        LoadReport load = r.load();
        if (load == null) {
            Verdict worst = r.worst();
            return step(
                    trialId,
                    rate,
                    CapacityStep.BROKEN,
                    worst == null ? "the trial measured nothing" : worst.code() + ": " + worst.reason());
        }
        Verdict worst = r.worst();
        if (worst != null && worst.code().invalidates()) {
            return step(trialId, rate, CapacityStep.FAIL, worst.code() + ": " + worst.reason());
        }
        double latency = goal.latencyOf(load.latencyMs());
        Optional<CapacityStep> cap = connectionCap(trialId, rate, r, goal, latency);
        if (cap.isPresent()) {
            return cap.get();
        }
        if (latency > goal.sloMs()) {
            return fail(trialId, rate, "%s %.1f ms > %s", goal.percentileName(), latency, goal.slo());
        }
        if (load.errorRate() > goal.maxErrorRate()) {
            return fail(trialId, rate, "errors %.2f%% > %.2f%%", load.errorRate() * 100, goal.maxErrorRate() * 100);
        }
        double served = load.throughput().rps() / rate;
        if (served < KEPT_UP) {
            return fail(
                    trialId,
                    rate,
                    "answered %.0f of %.0f req/s: the requests queued faster than they were served",
                    load.throughput().rps(),
                    rate);
        }
        long backlog = load.unfinished() == null ? 0 : load.unfinished().count();
        double allowed = BACKLOG * rate * goal.sloMs() / 1000 + 1;
        if (backlog > allowed) {
            return fail(
                    trialId,
                    rate,
                    "%d requests unfinished at the window's end (at most %.0f under the objective):"
                            + " the backlog grew",
                    backlog,
                    allowed);
        }
        return step(
                trialId,
                rate,
                CapacityStep.PASS,
                String.format(
                        Locale.ROOT,
                        "%s %.1f ms, errors %.2f%%, answered %.0f%% of the rate",
                        goal.percentileName(),
                        latency,
                        load.errorRate() * 100,
                        served * 100));
    }

    /**
     * Every connection of the load generator's cap was busy, so requests waited for one in the load generator (their
     * wait is in their latency), while the server answered the ones it got within the objective: the cap, not the
     * model, kept the step from its rate. A lab limit: the search reports a lower bound and says to raise it — unless
     * the model's design (its threads) caps it below the rate anyway, as a pool of 8 threads on 8 connections.
     */
    private static Optional<CapacityStep> connectionCap(
            String trialId, double rate, TrialResult r, CapacityGoal goal, double latency) {
        LoadReport load = r.load();
        Double design = r.ceiling() == null ? null : r.ceiling().designRps();
        if (design != null && design <= rate) {
            return Optional.empty(); // the model's own threads cap it below this rate: its limit, not the lab's
        }
        ConnectionStats c = load.connections();
        if (c == null || c.delayedRequests() == 0 || latency <= goal.sloMs() || load.serviceTimeMs() == null) {
            return Optional.empty();
        }
        double service = goal.latencyOf(load.serviceTimeMs());
        if (service > goal.sloMs()) {
            return Optional.empty(); // the server itself answered too slowly: its connections filled because of it
        }
        return Optional.of(step(
                trialId,
                rate,
                CapacityStep.LAB_LIMIT,
                String.format(
                        Locale.ROOT,
                        "the load generator's %d connections ran out first: %d requests waited for a free one while"
                                + " the server answered within the objective (%s %.1f ms from the send, %.1f ms from"
                                + " the schedule); raise -c (connections:)",
                        c.maxOpened(),
                        c.delayedRequests(),
                        goal.percentileName(),
                        service,
                        latency)));
    }

    private static CapacityStep fail(String trialId, double rate, String format, Object... args) {
        return step(trialId, rate, CapacityStep.FAIL, String.format(Locale.ROOT, format, args));
    }

    private static CapacityStep step(String trialId, double rate, String outcome, String why) {
        return new CapacityStep(rate, trialId, outcome, why);
    }
}
