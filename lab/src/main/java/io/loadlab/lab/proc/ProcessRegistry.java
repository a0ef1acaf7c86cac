package io.loadlab.lab.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every process the lab started, by PID, so that each is ended on every way out: a trial's end, a crash, Ctrl-C and
 * SIGTERM (the lab's shutdown hook calls {@link #stopAll()}). Ending is SIGTERM, a grace period, then SIGKILL — descendants
 * included. Thread-safe.
 */
public final class ProcessRegistry {
    private final Map<Long, ProcessHandle> live = new ConcurrentHashMap<>();
    private final Duration grace;

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

    static void terminate(List<ProcessHandle> roots, Duration grace) {
        List<ProcessHandle> all = new ArrayList<>();
        for (ProcessHandle r : roots) {
            // Descendants are collected first, while the parent still links them.
            r.descendants().forEach(all::add);
            all.add(r);
        }
        all.forEach(ProcessHandle::destroy);
        if (!awaitGone(all, grace)) {
            all.stream().filter(ProcessRegistry::alive).forEach(ProcessHandle::destroyForcibly);
            awaitGone(all, grace);
        }
    }

    private static boolean awaitGone(List<ProcessHandle> all, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (all.stream().anyMatch(ProcessRegistry::alive)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /**
     * Alive and not a zombie: an orphan whose new parent does not reap it (a container's init may not) stays a
     * zombie, which holds no CPU, memory, file or port, and would otherwise look alive forever.
     */
    public static boolean alive(ProcessHandle p) {
        if (!p.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
            int close = stat.lastIndexOf(')');
            return close < 0 || close + 2 >= stat.length() || stat.charAt(close + 2) != 'Z';
        } catch (IOException e) {
            return false;
        }
    }
}
