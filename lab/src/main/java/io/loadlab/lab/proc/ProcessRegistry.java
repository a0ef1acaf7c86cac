package io.loadlab.lab.proc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Every process the lab started, by PID, so that each is ended on every way out: a trial's end, a crash, Ctrl-C and
 * SIGTERM (through {@link #installShutdownHook()}). Ending is SIGTERM, a grace period, then SIGKILL — descendants
 * included. Thread-safe.
 */
public final class ProcessRegistry {
    private final Map<Long, ProcessHandle> live = new ConcurrentHashMap<>();
    private final Duration grace;
    private volatile Thread hook;

    public ProcessRegistry(Duration grace) {
        this.grace = grace;
    }

    public void register(ProcessHandle p) {
        live.put(p.pid(), p);
    }

    public boolean isRegistered(long pid) {
        return live.containsKey(pid);
    }

    /** Ends one process (and its descendants) and forgets it. Blocks up to twice the grace period. */
    public void stop(ProcessHandle p) {
        terminate(List.of(p), grace);
        live.remove(p.pid());
    }

    /** Ends every registered process. Blocks up to twice the grace period. */
    public void stopAll() {
        List<ProcessHandle> all = new ArrayList<>(live.values());
        terminate(all, grace);
        all.forEach(p -> live.remove(p.pid()));
    }

    /** Runs {@link #stopAll()} when the JVM exits (Ctrl-C, SIGTERM, System.exit). */
    public synchronized void installShutdownHook() {
        if (hook == null) {
            hook = new Thread(this::stopAll, "loadlab-cleanup");
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    public synchronized void removeShutdownHook() {
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // the hook is running or will run: nothing to remove
            }
            hook = null;
        }
    }

    static void terminate(List<ProcessHandle> roots, Duration grace) {
        List<ProcessHandle> all = new ArrayList<>();
        for (ProcessHandle r : roots) {
            // Descendants first collected, while the parent still links them.
            r.descendants().forEach(all::add);
            all.add(r);
        }
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle p : all) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                try {
                    p.onExit().get(left, TimeUnit.NANOSECONDS);
                } catch (Exception timedOutOrInterrupted) {
                    // escalated below
                }
            }
        }
        for (ProcessHandle p : all) {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                // a process SIGKILL did not end within the grace is beyond our reach
            }
        }
    }
}
