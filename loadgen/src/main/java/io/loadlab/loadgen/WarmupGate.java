package io.loadlab.loadgen;

/**
 * Decides when a warm-up that may stretch ({@link LoadSpec#maxWarmup()} above {@link LoadSpec#warmup()}) is over: for
 * instance when the server's JIT has finished compiling; and when the load itself begins ({@link #loadStart}).
 * Polled from the collector thread every {@link #POLL_MILLIS} ms once the minimum warm-up is over, until it says yes
 * or the maximum is reached; must return quickly.
 */
@FunctionalInterface
public interface WarmupGate {
    /** A warm-up of exactly the minimum. */
    WarmupGate NONE = () -> true;

    long POLL_MILLIS = 100;

    /** True when the measured window may open now. */
    boolean ready();

    /**
     * Called once, from the collector thread, when every initial connection is open and before any load is sent;
     * returns the instant on {@code clock} at which the load begins (the warm-up, then the window). May block: load
     * agents wait here for their shared start. The default begins at once.
     */
    default long loadStart(NanoClock clock) {
        return clock.nanoTime();
    }
}
