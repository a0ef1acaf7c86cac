package io.loadlab.lab.deps;

import io.loadlab.core.result.DependencyWork;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Watches, once a second on a thread of its own, every process the lab started for a trial: that it is still alive,
 * and for the ones that serve (the backend, PostgreSQL) that they still answer a cheap probe ({@code /health}, a
 * {@code select 1}). One that exits, or misses {@link #MISSED_PROBES} probes in a row, is a failure, timed from when
 * it was first seen gone; a dependency the trial itself fails on purpose ({@link FaultInjector}) is not watched while
 * its outage lasts. {@link #failures} times them from the window's start, once it is known. Thread-safe.
 */
public final class DependencyWatch implements AutoCloseable {
    /** Probes a serving dependency may miss in a row before it counts as no longer answering (2 s). */
    static final int MISSED_PROBES = 2;

    static final long PERIOD_MILLIS = 1_000;

    /**
     * One watched process.
     *
     * @param name as a verdict names it: {@code PostgreSQL}, {@code the backend}, {@code the load generator}
     * @param exitStatus its exit status once it has exited (128 + N for signal N), else null
     * @param probe true while it answers; null for a process that serves nothing (a load generator)
     * @param resource what the probe holds open (a connection), closed with the watch; null when nothing
     */
    public record Watched(String name, Supplier<Integer> exitStatus, BooleanSupplier probe, AutoCloseable resource) {
        public Watched(String name, Supplier<Integer> exitStatus, BooleanSupplier probe) {
            this(name, exitStatus, probe, null);
        }
    }

    private record Seen(String name, long atNanos, String what) {}

    private final List<Watched> watched;
    private final List<Seen> seen = new ArrayList<>();
    private final java.util.Set<String> outages = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private volatile boolean running = true;

    private DependencyWatch(List<Watched> watched) {
        this.watched = List.copyOf(watched);
        this.thread = new Thread(this::loop, "loadlab-dependency-watch");
        this.thread.setDaemon(true);
    }

    /** Starts watching {@code watched} now. */
    public static DependencyWatch start(List<Watched> watched) {
        DependencyWatch w = new DependencyWatch(watched);
        w.thread.start();
        return w;
    }

    /** {@code name} is down on purpose from now until {@link #back}: not a failure. */
    public void outage(String name) {
        outages.add(name);
    }

    /** {@code name}'s planned outage is over: watched again. */
    public void back(String name) {
        outages.remove(name);
    }

    private void loop() {
        int[] missed = new int[watched.size()];
        boolean[] failed = new boolean[watched.size()];
        long[] firstMiss = new long[watched.size()];
        while (running) {
            for (int i = 0; i < watched.size(); i++) {
                Watched w = watched.get(i);
                if (failed[i] || outages.contains(w.name())) {
                    missed[i] = 0;
                    continue;
                }
                long now = System.nanoTime();
                Integer exit = w.exitStatus().get();
                if (exit != null) {
                    failed[i] = true;
                    record(w.name(), now, "exited " + exitText(exit));
                    continue;
                }
                if (w.probe() == null || w.probe().getAsBoolean()) {
                    missed[i] = 0;
                } else if (++missed[i] == 1) {
                    firstMiss[i] = now;
                } else if (missed[i] >= MISSED_PROBES && !outages.contains(w.name())) {
                    failed[i] = true;
                    record(w.name(), firstMiss[i], "stopped answering");
                }
            }
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void record(String name, long atNanos, String what) {
        seen.add(new Seen(name, atNanos, what));
    }

    /** {@code (killed by signal 9)} for 128 + 9, {@code with status 1} otherwise. */
    public static String exitText(int status) {
        return status > 128 && status < 160
                ? String.format(Locale.ROOT, "(killed by signal %d)", status - 128)
                : "with status " + status;
    }

    /**
     * What failed so far, timed from {@code windowStartNanos} ({@link System#nanoTime}); a failure of {@code extra}
     * found by the caller is added.
     */
    public synchronized List<DependencyWork.Failure> failures(
            long windowStartNanos, List<DependencyWork.Failure> extra) {
        List<DependencyWork.Failure> out = new ArrayList<>();
        for (Seen s : seen) {
            out.add(new DependencyWork.Failure(
                    s.name(), Math.round((s.atNanos() - windowStartNanos) / 1e8) / 10.0, s.what()));
        }
        for (DependencyWork.Failure f : extra) {
            if (out.stream().noneMatch(o -> o.dependency().equals(f.dependency()))) {
                out.add(f);
            }
        }
        return out;
    }

    /** Stops watching; what was seen stays. */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Watched w : watched) {
            if (w.resource() != null) {
                try {
                    w.resource().close();
                } catch (Exception e) {
                    // closing a probe's connection to a dead dependency: nothing to save
                }
            }
        }
    }
}
