package io.loadlab.loadgen;

/**
 * The intended send times of one thread of the open model: request {@code i} is due at
 * {@code start + (i + phase) × interval}, where {@code interval = threads / rate} and {@code phase} spreads the
 * threads evenly inside one interval. It never catches up by skipping: a thread that wakes late gets every request
 * that fell due meanwhile, each with its own intended time, so the latency it is charged runs from when the request
 * should have been sent (wrk2's lesson — measuring from the actual send would gift the server the stall).
 *
 * <p>Not thread-safe: owned by one event loop.
 */
final class Pacer {
    private final long start;
    private long end;
    private final double intervalNanos;
    private final double phase;
    private long index;

    /**
     * @param start nanoTime of the first interval
     * @param end no request is due at or after this nanoTime
     * @param ratePerThread requests per second of this thread
     * @param phase in [0, 1): this thread's offset inside one interval
     */
    Pacer(long start, long end, double ratePerThread, double phase) {
        this.start = start;
        this.end = end;
        this.intervalNanos = 1e9 / ratePerThread;
        this.phase = phase;
    }

    /** From now on, no request is due at or after {@code nanoTime} (the window's end, once the warm-up is over). */
    void endAt(long nanoTime) {
        end = nanoTime;
    }

    /** The intended time of the next request, or {@link Long#MAX_VALUE} when the run has no more. */
    long peek() {
        long t = start + (long) ((index + phase) * intervalNanos);
        return t < end ? t : Long.MAX_VALUE;
    }

    /** Consumes the next request if it is due at {@code now}; returns its intended time, or -1 when none is due. */
    long pollDue(long now) {
        long t = peek();
        if (t > now) {
            return -1;
        }
        index++;
        return t;
    }

    long issued() {
        return index;
    }
}
