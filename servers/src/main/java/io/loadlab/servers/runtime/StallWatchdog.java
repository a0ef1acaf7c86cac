package io.loadlab.servers.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Opt-in proof that event loops do not block: every {@link #TICK_MILLIS} a tick is scheduled on each loop, and the
 * lateness of each tick (run time minus due time) is recorded. A loop that blocks for 300 ms delays its next tick by
 * about 300 ms, so the maximum lateness is a lower bound on the longest stall.
 *
 * <p>Each tick reschedules itself on its own loop only after it ran (not at a fixed rate), so a stalled loop is
 * charged once per stall rather than catching up with a burst. Threading: {@link #maxLatenessMillis} may be read
 * from any thread; ticks run on the watched loops.
 */
public final class StallWatchdog implements AutoCloseable {
    /** Tick period. */
    public static final long TICK_MILLIS = 10;

    private final List<Ticker> tickers = new ArrayList<>();
    private volatile boolean stopped;

    private StallWatchdog() {}

    /** Starts ticking on every executor of {@code loops}. */
    public static StallWatchdog watch(List<? extends ScheduledExecutorService> loops) {
        StallWatchdog w = new StallWatchdog();
        for (ScheduledExecutorService loop : loops) {
            Ticker t = w.new Ticker(loop);
            w.tickers.add(t);
            t.schedule();
        }
        return w;
    }

    /** The largest lateness seen on any loop so far, in milliseconds. */
    public long maxLatenessMillis() {
        long max = 0;
        for (Ticker t : tickers) {
            max = Math.max(max, t.maxLatenessNanos.get());
        }
        return TimeUnit.NANOSECONDS.toMillis(max);
    }

    /** Ticks run so far on all loops (0 means the watchdog never ran, which proves nothing). */
    public long ticks() {
        long n = 0;
        for (Ticker t : tickers) {
            n += t.ticks.get();
        }
        return n;
    }

    /** @throws AssertionError when any loop was late by more than {@code limitMillis} */
    public void assertNoStallOver(long limitMillis) {
        long late = maxLatenessMillis();
        if (late > limitMillis) {
            throw new AssertionError("an event loop stalled: a " + TICK_MILLIS + " ms tick ran " + late
                    + " ms late (limit " + limitMillis + " ms); something blocked a thread that must never block");
        }
        if (ticks() == 0) {
            throw new AssertionError("the stall watchdog never ticked, so it proves nothing");
        }
    }

    @Override
    public void close() {
        stopped = true;
    }

    private final class Ticker implements Runnable {
        private final ScheduledExecutorService loop;
        private final AtomicLong maxLatenessNanos = new AtomicLong();
        private final AtomicLong ticks = new AtomicLong();
        private long due;

        Ticker(ScheduledExecutorService loop) {
            this.loop = loop;
        }

        void schedule() {
            if (stopped || loop.isShutdown()) {
                return;
            }
            due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
            try {
                loop.schedule(this, TICK_MILLIS, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // the loop is shutting down: nothing left to watch
            }
        }

        @Override
        public void run() {
            long late = System.nanoTime() - due;
            maxLatenessNanos.accumulateAndGet(late, Math::max);
            ticks.incrementAndGet();
            schedule();
        }
    }
}
