package io.loadlab.loadgen;

import io.loadlab.core.result.IntervalStats;
import io.loadlab.transport.NettyTransport;

/**
 * Hears about a run while it goes. Called from the collector thread (intervals) or from load threads
 * ({@link #connectError}); implementations must be quick and thread-safe, and never block a load thread.
 */
public interface ProgressListener {
    ProgressListener NONE = new ProgressListener() {};

    /**
     * The target answered the pre-flight connect; load starts now on {@code transport}'s {@code runs()} (its note, when
     * not null, says why that is not the one asked for).
     */
    default void started(NettyTransport.Choice transport) {}

    /** The warm-up (if any) is over: what completes from now on is measured. Called once, from the collector thread. */
    default void measuring() {}

    /** One measured interval (a second by default) has ended. */
    default void interval(IntervalStats stats) {}

    /**
     * A made-up interval of the warm-up's rehearsal (once per interval while it lasts): do the work {@link #interval}
     * does with it (formatting, encoding) but show and send nothing, so that the window's first intervals find that
     * work compiled. Called from the collector thread.
     */
    default void rehearse(IntervalStats stats) {}

    /**
     * An HTTP/2 server allows fewer concurrent streams per connection than {@code -m} asked: each connection carries
     * at most {@code allowed}. Called from a load thread, at most once per thread.
     */
    default void streamsCapped(int requested, long allowed) {}

    /** A connect failed; the cause tells why (e.g. no free local port). Called for every failure. */
    default void connectError(Throwable cause) {}
}
