package io.loadlab.servers.runtime;

import java.util.Collection;
import java.util.function.Consumer;

/** A graceful stop's wait: until every open connection has closed by itself, or a deadline passes. */
public final class Drain {
    private Drain() {}

    /**
     * Waits until {@code connections} is empty or {@code deadlineNanos} ({@link System#nanoTime()}) passes, offering
     * each connection to {@code nudge} every 10 ms (e.g. to close it once idle). Returns early when interrupted, with
     * the interrupt flag set again.
     */
    public static <C> void await(Collection<C> connections, long deadlineNanos, Consumer<C> nudge) {
        while (!connections.isEmpty() && System.nanoTime() - deadlineNanos < 0) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (C c : connections) {
                nudge.accept(c);
            }
        }
    }
}
