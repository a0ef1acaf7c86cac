package io.loadlab.core.result;

/**
 * The lab's judgement of a trial, most severe first. Only {@link #OK} trials (and those whose only findings are
 * warnings) are ranked; {@link #APP_BROKEN} trials show no throughput at all.
 */
public enum VerdictCode {
    /** Validation at low load failed: the app is broken, any number would be meaningless. */
    APP_BROKEN(true),
    /** Errors (rejections excluded) above the threshold. */
    ERRORS(true),
    /** The load generator, not the server, ran out of CPU or could not hold the target rate. */
    LOADGEN_SATURATED(true),
    /** The backend or the database saturated, or the machine waited on I/O. */
    DEPENDENCY_BOUND(false),
    /** Throughput or p99 drifted between measurement windows. */
    NOT_STEADY(false),
    /** Concurrency differs from throughput × mean latency beyond tolerance. */
    LITTLE_MISMATCH(false),
    /** Backend calls or database statements differ from successful requests. */
    WORK_MISMATCH(true),
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
}
