package io.loadlab.core.result;

/**
 * The lab's judgement of a trial, most severe first. A trial with an invalidating finding is never ranked or named a
 * winner; it is listed as not comparable with its reason. {@link #APP_BROKEN} trials show no throughput at all.
 */
public enum VerdictCode {
    /** Validation at low load failed: the app is broken, any number would be meaningless. */
    APP_BROKEN(true),
    /**
     * A process the lab started for the trial — the backend, PostgreSQL, a load generator or agent — exited or stopped
     * answering: whatever the server did, it did without its dependency. Named with the moment; the lab starts it
     * again fresh before the next trial.
     */
    DEPENDENCY_FAILED(true),
    /** Errors (rejections excluded) above the threshold. */
    ERRORS(true),
    /** The load generator, not the server, ran out of CPU or could not send at the target rate. */
    LOADGEN_SATURATED(true),
    /** The backend or the database saturated, or the machine waited on I/O: the number is the dependency's. */
    DEPENDENCY_BOUND(true),
    /** More than the allowed share of connections completed nothing: the server left them waiting. */
    STARVED(true),
    /**
     * After a dependency slowdown ended, goodput stayed under half its level before it for longer than the threshold:
     * the model is stuck in a state its own load keeps it in (a metastable failure). About the model, not the lab.
     */
    METASTABLE(true),
    /**
     * After a dependency that failed on purpose (a fault experiment) was back, goodput never returned to 90% of its
     * level before the fault within the window: the model does not recover from it by itself. About the model.
     */
    NO_RECOVERY(true),
    /** The work done differs from the work planned: dependency calls, rows, or a request's share of the mix. */
    WORK_MISMATCH(true),
    /** Throughput or p99 drifted between measurement windows. */
    NOT_STEADY(false),
    /** Connections in flight differ from throughput × mean latency beyond tolerance. */
    LITTLE_MISMATCH(false),
    /** Under the ceiling with nothing saturated: names the limit inside the server. */
    BELOW_CEILING(false),
    /** Nothing found: the number stands. */
    OK(false);

    private final boolean invalidates;

    VerdictCode(boolean invalidates) {
        this.invalidates = invalidates;
    }

    /** True when a trial with this finding must not be ranked or called a winner. */
    public boolean invalidates() {
        return invalidates;
    }

    /**
     * True when the finding is about the model itself, a true result rather than a failed measurement: the trial is
     * not comparable, yet the run did what it should ({@code loadlab run} does not fail for it).
     */
    public boolean aboutTheModel() {
        return this == STARVED || this == METASTABLE || this == NO_RECOVERY;
    }
}
