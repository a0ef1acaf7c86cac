package io.loadlab.loadgen;

import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;

/**
 * How a client retries a request that failed: up to {@code retries} more attempts after a timeout, a transport error
 * (read, reset, write, a connection that closed under it) or a 5xx answer, each after a backoff with full jitter —
 * a uniform draw in {@code [0, min(cap, backoff × 2^attempt))} — as the clients of the metastable-failure literature
 * do. A retry's latency still runs from its first attempt's intended send time, so retries cannot hide a slow server.
 *
 * @param retries more attempts after the first; 0 = never retry
 * @param backoff the first retry's backoff bound, doubled for each further one
 * @param cap the most any backoff bound grows to
 */
public record RetryPolicy(int retries, Duration backoff, Duration cap) {
    /** Never retry. */
    public static final RetryPolicy NONE = new RetryPolicy(0, LoadgenDefaults.RETRY_BACKOFF, LoadgenDefaults.RETRY_CAP);

    public RetryPolicy {
        if (retries < 0) {
            throw new UserError("--retries must be 0 or more, got " + retries + "; e.g. --retries 3");
        }
        if (backoff == null || backoff.nanos() < 0) {
            throw new UserError("--retry-backoff must be a duration of 0 or more, e.g. 50ms");
        }
        if (cap == null || cap.compareTo(backoff) < 0) {
            cap = backoff;
        }
    }

    /** {@code retries} attempts more with the default cap. */
    public static RetryPolicy of(int retries, Duration backoff) {
        return new RetryPolicy(retries, backoff, LoadgenDefaults.RETRY_CAP);
    }

    public boolean enabled() {
        return retries > 0;
    }

    /**
     * The backoff before retry number {@code attempt} (1 = the first retry) in nanoseconds, given {@code uniform} in
     * {@code [0, 1)}.
     */
    long backoffNanos(int attempt, double uniform) {
        long bound = backoff.nanos() << Math.min(attempt - 1, 20);
        return (long) (Math.min(bound, cap.nanos()) * uniform);
    }
}
