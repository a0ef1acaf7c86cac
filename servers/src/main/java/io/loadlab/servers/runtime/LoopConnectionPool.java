package io.loadlab.servers.runtime;

import java.util.ArrayDeque;
import java.util.function.BiConsumer;

/**
 * The backend connections of one event loop, in O(1) per call. A call takes the idle keep-alive connection released
 * last; with none idle it opens a new one while fewer than {@code max} are open or opening; past that it waits, first
 * come first served, until a connection is released to it or one closes and frees its place.
 *
 * <p>Connection pools that scan their connections for a free one cost O(connections) per call, which at thousands
 * of connections makes the pool, not the model, the thing measured; this one never scans.
 *
 * <p>Threading: confined to one event loop. Every method must be called on it, and every callback runs on it; nothing
 * blocks. The connector must call {@link #closed} once for each connection it opened, whenever it closes.
 *
 * @param <C> the connection
 */
public final class LoopConnectionPool<C> {
    /** Opens the pool's connections and tells whether an idle one is still usable. */
    public interface Connector<C> {
        /** Starts opening a connection; later calls {@code done} once, on the pool's loop, with it or the failure. */
        void open(BiConsumer<C, Throwable> done);

        boolean isOpen(C connection);
    }

    /** A call that needs a connection: told once, on the pool's loop, which one it got or why it got none. */
    public interface Borrower<C> {
        void acquired(C connection);

        void failed(Throwable cause);
    }

    /** A call waiting for a connection; {@link #cancel} takes it out of the line (when its time is up). */
    public static final class Ticket<C> {
        private final Borrower<C> borrower;
        private boolean served;
        private boolean cancelled;

        private Ticket(Borrower<C> borrower) {
            this.borrower = borrower;
        }

        /** True when the call was still waiting and now never will be served; false when it already was. */
        public boolean cancel() {
            if (served) {
                return false;
            }
            cancelled = true;
            return true;
        }
    }

    private final Connector<C> connector;
    private final int max;
    private final ArrayDeque<C> idle = new ArrayDeque<>();
    private final ArrayDeque<Ticket<C>> waiting = new ArrayDeque<>();
    private int counted;
    private boolean opening;

    /** A pool that keeps at most {@code max} (at least 1) connections open or opening at once. */
    public LoopConnectionPool(Connector<C> connector, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max connections must be at least 1, got " + max);
        }
        this.connector = connector;
        this.max = max;
    }

    /**
     * Gives {@code borrower} a connection now (an idle one), soon (a new one), or once one is free. Returns the
     * ticket of a call that has to wait, null otherwise.
     */
    public Ticket<C> acquire(Borrower<C> borrower) {
        C c;
        while ((c = idle.pollLast()) != null) {
            if (connector.isOpen(c)) {
                borrower.acquired(c);
                return null;
            }
        }
        if (counted < max) {
            counted++;
            open(borrower);
            return null;
        }
        Ticket<C> t = new Ticket<>(borrower);
        waiting.addLast(t);
        return t;
    }

    /** Takes back a connection that can serve another call: the next waiting call gets it, else it waits idle. */
    public void release(C connection) {
        if (!connector.isOpen(connection)) {
            return;
        }
        Ticket<C> t = nextWaiting();
        if (t != null) {
            t.borrower.acquired(connection);
        } else {
            idle.addLast(connection);
        }
    }

    /** A connection closed (idle or in use): its place goes to the next waiting call, which opens a new one. */
    public void closed(C connection) {
        counted--;
        openForWaiting();
    }

    /** Connections open or opening. */
    public int connections() {
        return counted;
    }

    /** The most connections open or opening at once. */
    public int max() {
        return max;
    }

    private void open(Borrower<C> borrower) {
        connector.open((c, failure) -> {
            if (failure == null) {
                borrower.acquired(c);
            } else {
                counted--;
                borrower.failed(failure);
                openForWaiting();
            }
        });
    }

    private void openForWaiting() {
        if (opening) {
            return; // an open that failed at once, inside this loop: the loop goes on with the next call
        }
        opening = true;
        try {
            while (counted < max) {
                Ticket<C> t = nextWaiting();
                if (t == null) {
                    return;
                }
                counted++;
                open(t.borrower);
            }
        } finally {
            opening = false;
        }
    }

    private Ticket<C> nextWaiting() {
        Ticket<C> t;
        while ((t = waiting.pollFirst()) != null) {
            if (!t.cancelled) {
                t.served = true;
                return t;
            }
        }
        return null;
    }
}
