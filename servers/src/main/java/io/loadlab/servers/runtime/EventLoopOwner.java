package io.loadlab.servers.runtime;

import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

/**
 * A server whose waits are driven by threads that must never block: event loops, or the timer of servlet-async.
 * {@link StallWatchdog} ticks on each of them to prove they stay responsive.
 */
public interface EventLoopOwner {
    /** The threads that must never block, each as the executor that runs it. */
    List<ScheduledExecutorService> eventLoops();

    /** The executors of a Netty event-loop group, as {@link #eventLoops()} lists them. */
    static List<ScheduledExecutorService> of(Iterable<EventExecutor> group) {
        List<ScheduledExecutorService> loops = new ArrayList<>();
        for (EventExecutor e : group) {
            loops.add(e);
        }
        return loops;
    }
}
