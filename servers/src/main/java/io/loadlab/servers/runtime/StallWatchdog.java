package io.loadlab.servers.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Opt-in proof that event loops do not block: every {@link #TICK_MILLIS} a tick is scheduled on each loop, and the
 * lateness of each tick (run time minus due time) is recorded. A loop that blocks for 300 ms delays its next tick by
 * about 300 ms, so the maximum lateness is a lower bound on the longest stall.
 *
 * <p>On a busy machine a loop is also late when it merely waits for a CPU. Where Linux exposes the thread's
 * scheduler statistics ({@code /proc/thread-self/schedstat}: time on a CPU, time waiting on a run queue), each tick
 * subtracts the run-queue wait since the previous tick from its lateness, so what is left is lateness the loop caused
 * itself — blocked off the CPU (sleep, a lock, blocking I/O) or busy on it. {@link #maxLatenessMillis} is that
 * lateness; {@link #maxWallLatenessMillis} the raw one. Without schedstat both are the raw lateness.
 *
 * <p>Each tick reschedules itself on its own loop only after it ran (not at a fixed rate), so a stalled loop is
 * charged once per stall rather than catching up with a burst. A stall is therefore counted only when the loop's
 * next tick runs, after the stall ended: a handler that blocks and answers from inside the block has sent its answer
 * before that tick, so call {@link #settle} once the load is over and before reading the lateness ({@link
 * #assertNoStallOver} does). Threading: the getters may be called from any thread; ticks run on the watched loops.
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
            loop.execute(t::baseline);
            t.schedule();
        }
        return w;
    }

    /** The largest lateness a loop caused itself (run-queue waits excluded where known), in milliseconds. */
    public long maxLatenessMillis() {
        long max = 0;
        for (Ticker t : tickers) {
            max = Math.max(max, t.maxLatenessNanos.get());
        }
        return TimeUnit.NANOSECONDS.toMillis(max);
    }

    /** The largest raw lateness seen on any loop, run-queue waits included, in milliseconds. */
    public long maxWallLatenessMillis() {
        long max = 0;
        for (Ticker t : tickers) {
            max = Math.max(max, t.maxWallLatenessNanos.get());
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

    /**
     * Waits, at most {@code max}, until every loop has run the tick that was pending when this was called, so that a
     * stall that has just ended is counted: on a busy host a loop may send its last answer and be descheduled before
     * that tick runs.
     *
     * @return false when some loop ran no tick within {@code max}: it is stalled now
     */
    public boolean settle(Duration max) throws InterruptedException {
        long[] before = new long[tickers.size()];
        for (int i = 0; i < before.length; i++) {
            before[i] = tickers.get(i).ticks.get();
        }
        long deadline = System.nanoTime() + max.toNanos();
        for (int i = 0; i < before.length; i++) {
            Ticker t = tickers.get(i);
            while (t.ticks.get() == before[i] && !t.loop.isShutdown()) {
                if (System.nanoTime() - deadline >= 0) {
                    return false;
                }
                Thread.sleep(1);
            }
        }
        return true;
    }

    /**
     * Settles (at most a second, or {@code 10 × limitMillis} if longer), then checks the lateness.
     *
     * @throws AssertionError when any loop was late by more than {@code limitMillis}, or is stalled now
     */
    public void assertNoStallOver(long limitMillis) throws InterruptedException {
        Duration max = Duration.ofMillis(Math.max(1_000, 10 * limitMillis));
        if (!settle(max)) {
            throw new AssertionError("an event loop stalled: it ran no " + TICK_MILLIS + " ms tick for "
                    + max.toMillis() + " ms, and is stalled now; something blocked a thread that must never block");
        }
        long late = maxLatenessMillis();
        if (late > limitMillis) {
            throw new AssertionError("an event loop stalled: a " + TICK_MILLIS + " ms tick ran " + late
                    + " ms late by its own doing (" + maxWallLatenessMillis() + " ms in all; limit " + limitMillis
                    + " ms); something blocked a thread that must never block");
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
        private final AtomicLong maxWallLatenessNanos = new AtomicLong();
        private final AtomicLong ticks = new AtomicLong();
        private long due;
        private long lastRunQueueNanos = -1;

        Ticker(ScheduledExecutorService loop) {
            this.loop = loop;
        }

        /** Takes the run-queue baseline on the loop itself, before the first tick. */
        void baseline() {
            lastRunQueueNanos = SchedStat.runQueueNanos();
        }

        void schedule() {
            if (stopped || loop.isShutdown()) {
                return;
            }
            due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
            try {
                loop.schedule(this, TICK_MILLIS, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                // the loop is shutting down: nothing left to watch
            }
        }

        @Override
        public void run() {
            long late = System.nanoTime() - due;
            long runQueue = SchedStat.runQueueNanos();
            long waitedForCpu = runQueue < 0 || lastRunQueueNanos < 0 ? 0 : runQueue - lastRunQueueNanos;
            maxLatenessNanos.accumulateAndGet(Math.max(0, late - waitedForCpu), Math::max);
            maxWallLatenessNanos.accumulateAndGet(late, Math::max);
            ticks.incrementAndGet();
            lastRunQueueNanos = runQueue;
            schedule();
        }
    }
}
