package io.loadlab.core.result;

/**
 * The verdicts' tolerances when a suite does not set its own ({@code thresholds:}), and the confidence of every
 * interval: the lab judges with them, the report and the help quote them.
 */
public final class VerdictDefaults {
    private VerdictDefaults() {}

    /** ERRORS: errors (rejections excluded) above this fraction of requests. */
    public static final double ERROR_THRESHOLD = 0.01;

    /** LOADGEN_SATURATED: any load-generator core idle below this fraction. */
    public static final double LOADGEN_MIN_IDLE = 0.20;

    /** DEPENDENCY_BOUND: backend or database busy above this fraction of its CPU, or iowait above this. */
    public static final double DEPENDENCY_BUSY = 0.90;

    public static final double IOWAIT_THRESHOLD = 0.10;

    /** NOT_STEADY: coefficient of variation of per-window throughput, or p99 drift between halves, above this. */
    public static final double STEADY_TOLERANCE = 0.15;

    /**
     * NOT_STEADY: the server's JIT, busy when the warm-up's limit passed, used at least this share of the server's CPU
     * in the window (and a tenth of a core or more in half its seconds): that share of its CPU per request is the
     * compiler's.
     */
    public static final double JIT_SHARE = 0.10;

    /** LITTLE_MISMATCH: |concurrency − throughput × mean latency| / concurrency above this. */
    public static final double LITTLE_TOLERANCE = 0.20;

    /** WORK_MISMATCH: |backend calls or statements − successful requests| / successful requests above this. */
    public static final double WORK_TOLERANCE = 0.02;

    /** WORK_MISMATCH: a request's realized share of the mix more than this many percentage points off its plan. */
    public static final double SHARE_TOLERANCE_POINTS = 2.0;

    /** STARVED: more than this fraction of the connections completed nothing in the window. */
    public static final double STARVED_CONNECTIONS = 0.01;

    /**
     * BELOW_CEILING: throughput under this fraction of the trial's ceiling with nothing saturated. netty reaches 0.99
     * of Little's bound at 1,000 backend connections through the lab's own load generator and backend on a 2-core
     * host: a server under 0.9 lost a tenth to something of its own, which the verdict then names.
     */
    public static final double BELOW_CEILING = 0.90;

    /** Confidence level of the intervals drawn from repetitions. */
    public static final double CONFIDENCE = 0.95;

    /**
     * METASTABLE: how long goodput may stay under {@link #METASTABLE_DROP} of its pre-trigger level after the trigger
     * ended, in seconds, before the model is judged stuck.
     */
    public static final double METASTABLE_SECONDS = 10.0;

    /** METASTABLE: the share of the pre-trigger goodput under which a second counts as down. */
    public static final double METASTABLE_DROP = 0.5;

    /** Recovery: the share of the pre-trigger goodput a second must reach for the model to have recovered. */
    public static final double RECOVERED = 0.9;
}
