package io.loadlab.core.model;

import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * How many requests a model's design lets wait at once (on a delay, the backend, the database), given its settings,
 * and what that number counts in words; {@code null} where nothing in the design bounds it (a virtual thread per
 * connection, an event loop). The lab turns it into the model's ceiling: cap ÷ wait.
 */
public interface DesignCap {
    /** The cap, or null when the design sets none. */
    Integer waiting(ConcurrencyModel.Knobs k);

    /** What {@link #waiting} counts, with its number: {@code 100 threads}; null when there is no cap. */
    String label(ConcurrencyModel.Knobs k);

    /** Nothing in the design bounds the waiting requests. */
    static DesignCap none() {
        return of(k -> null, k -> null);
    }

    /** One thread serves everything: one request waits at a time. */
    static DesignCap oneThread() {
        return of(k -> 1, k -> "its one thread");
    }

    /**
     * One waiting request per thread of a pool, e.g. {@code threads(Knobs::maxThreads, "Tomcat threads")}: the cap
     * is the pool's size, the label {@code 200 Tomcat threads}.
     */
    static DesignCap threads(ToIntFunction<ConcurrencyModel.Knobs> pool, String what) {
        return of(pool::applyAsInt, k -> pool.applyAsInt(k) + " " + what);
    }

    /**
     * A servlet container's threads, each held by a waiting request, less those the container keeps for accepting and
     * selecting when the server announced them: {@code 14 container threads (16 less the 2 Jetty keeps for accepting
     * and selecting)}.
     */
    static DesignCap containerThreads(String container) {
        return of(k -> Math.max(1, k.maxThreads() - k.reservedThreads()), k -> {
            int cap = Math.max(1, k.maxThreads() - k.reservedThreads());
            return k.reservedThreads() == 0
                    ? cap + " container threads"
                    : cap + " container threads (" + k.maxThreads() + " less the " + k.reservedThreads() + " "
                            + container + " keeps for accepting and selecting)";
        });
    }

    /** A cap and its label from two functions; the label function is only asked when the cap is not null. */
    static DesignCap of(Function<ConcurrencyModel.Knobs, Integer> cap, Function<ConcurrencyModel.Knobs, String> label) {
        return new DesignCap() {
            @Override
            public Integer waiting(ConcurrencyModel.Knobs k) {
                return cap.apply(k);
            }

            @Override
            public String label(ConcurrencyModel.Knobs k) {
                return cap.apply(k) == null ? null : label.apply(k);
            }
        };
    }
}
