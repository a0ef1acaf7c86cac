package io.loadlab.core.result;

import java.util.List;
import java.util.Map;

/**
 * What one run of {@code loadlab load} measured, as written by {@code --json FILE}. Documented in
 * {@code docs/load-json.md}; {@link #SCHEMA_VERSION} changes whenever the shape or a field's meaning changes, and
 * {@link LoadReportUpgrade} reads the older shapes.
 *
 * <p>{@code latency_ms} runs from the intended send time in the open model (coordinated-omission corrected) and
 * from the actual send time in the closed model; it also holds every {@code unfinished} request at its age when the
 * window closed (a lower bound), so a stalled connection shows in the percentiles. {@code service_time_ms} is always
 * from the actual send time and is present only in the open model.
 *
 * <p>{@code agents} is present only in a report merged from several load agents ({@code loadlab load --agents},
 * {@code loadlab merge}): each agent's share, its own numbers and its warnings. The totals are then the agents' exact
 * sums and the latency the sum of their histograms (docs/distributed.md).
 *
 * <p>{@code goodput} (responses that succeeded within the timeout) is absent in files written before it was recorded;
 * {@code retries} is present only when the run retried failed attempts ({@code --retries}); {@code answers} (the
 * sampled check of the answers' bodies, what the 5xx answers said) is absent in files written before it was made.
 */
public record LoadReport(
        int schemaVersion,
        LoadSettings run,
        Throughput throughput,
        LatencyStats latencyMs,
        LatencyStats serviceTimeMs,
        ErrorCounts errors,
        Map<String, Long> statusCodes,
        Unfinished unfinished,
        ConnectionStats connections,
        Map<String, RequestStats> perRequest,
        List<IntervalStats> intervals,
        String hlog,
        List<AgentStats> agents,
        Goodput goodput,
        Retries retries,
        AnswerChecks answers) {
    public static final int SCHEMA_VERSION = 2;

    public static final String CLOSED = "closed";
    public static final String OPEN = "open";

    /** Responses completed in the window. */
    public long requests() {
        return throughput.requests();
    }

    /**
     * Successful answers: responses whose status was expected and whose body, where it was checked, was right (all
     * responses but the {@code status} and {@code wrong_answer} errors).
     */
    public long successes() {
        return requests() - errors.get(ErrorCategory.STATUS) - errors.get(ErrorCategory.WRONG_ANSWER);
    }

    /** Requests that got an answer or failed: responses plus failures without one (unfinished ones excluded). */
    public long attempts() {
        return requests() + errors.unanswered();
    }

    /**
     * {@code 503} answers that may be a model shedding load, its own behaviour rather than a broken benchmark: every
     * 503 but those whose body named a failed dependency ({@code database: ...}, {@code backend: ...}), which are that
     * dependency's errors. Whether a plain 503 sheds load at all depends on the experiment: the lab's verdicts count
     * it as a shed only in an overload experiment or when it said when to retry ({@code Retry-After}).
     */
    public long rejections() {
        long all = statusCodes == null ? 0 : statusCodes.getOrDefault("503", 0L);
        if (answers == null) {
            return all; // read before the answers were: every 503, as then
        }
        // the named ones are counted over every 5xx: a 502 naming the backend beside real sheds errs toward an error
        long named = answers.databaseErrors() + answers.backendErrors();
        return Math.max(Math.min(all, answers.retryLater()), all - named);
    }

    /** Failed requests (every category) per attempt; 0 when nothing was attempted. */
    public double errorRate() {
        long a = attempts();
        return a == 0 ? 0 : errors.total() / (double) a;
    }
}
