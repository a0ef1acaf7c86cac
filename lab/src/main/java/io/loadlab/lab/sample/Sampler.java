package io.loadlab.lab.sample;

import io.loadlab.core.proc.CpuTimes;
import io.loadlab.core.proc.ProcFs;
import io.loadlab.core.proc.ProcessStat;
import io.loadlab.core.proc.TaskStats;
import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.ProcessSample;
import io.loadlab.core.result.ProcessSeries;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Samples, once a second on its own thread, the CPU, RSS, threads and context switches of each watched process
 * (with its descendants: PostgreSQL serves each connection from a child process) and the machine's per-core idle
 * and iowait. {@link #start()} then {@link #stop()}; the results are read after stop. Not reusable.
 */
public final class Sampler implements AutoCloseable {
    /**
     * A process to watch: its role, PID, the CPUs it is pinned to (null = any) and its JVM's garbage-collection log
     * ({@link GcLog}; null when the lab has none).
     */
    public record Watched(String role, long pid, String cpus, Path gcLog) {
        public Watched(String role, long pid, String cpus) {
            this(role, pid, cpus, null);
        }
    }

    private final List<Watched> watched;
    private final long periodMillis;
    private final Map<Watched, List<ProcessSample>> samples = new LinkedHashMap<>();
    private final List<MachineSample> machine = new ArrayList<>();
    /** Each watched JVM's log; read by the sampling thread, then by {@link #series()} after {@link #stop()}. */
    private final Map<Watched, GcLog> gc = new LinkedHashMap<>();

    private final Thread thread;
    private volatile boolean running = true;

    public Sampler(List<Watched> watched, long periodMillis) {
        this.watched = List.copyOf(watched);
        this.periodMillis = periodMillis;
        this.watched.forEach(w -> samples.put(w, new ArrayList<>()));
        this.watched.stream().filter(w -> w.gcLog() != null).forEach(w -> gc.put(w, new GcLog(w.gcLog())));
        this.thread = new Thread(this::loop, "loadlab-sampler");
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    /** Stops sampling and waits for the thread; the series are complete afterwards. */
    public void stop() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stop();
    }

    private void loop() {
        long ticks = ProcFs.clockTicksPerSecond();
        long t0 = System.nanoTime();
        Map<Watched, long[]> prev = new LinkedHashMap<>();
        watched.forEach(w -> prev.put(w, snapshot(w.pid())));
        CpuTimes prevCpu = CpuTimes.read();
        long prevT = t0;
        long next = t0;
        while (running) {
            next += periodMillis * 1_000_000L;
            long sleep = (next - System.nanoTime()) / 1_000_000L;
            if (sleep > 0) {
                try {
                    Thread.sleep(sleep);
                } catch (InterruptedException e) {
                    return; // stop(): a partial last second is dropped, not recorded as a short one
                }
            }
            long now = System.nanoTime();
            double elapsed = (now - prevT) / 1e9;
            double tS = (now - t0) / 1e9;
            CpuTimes cpu = CpuTimes.read();
            machine.add(new MachineSample(
                    round(tS),
                    boxed(CpuTimes.idleFractions(prevCpu, cpu)),
                    boxed(CpuTimes.iowaitFractions(prevCpu, cpu))));
            prevCpu = cpu;
            for (Watched w : watched) {
                long[] a = prev.get(w);
                long[] b = snapshot(w.pid());
                GcLog.Pauses pauses = gc.containsKey(w) ? gc.get(w).take(prevT, now) : null;
                if (a != null && b != null) {
                    samples.get(w)
                            .add(new ProcessSample(
                                    round(tS),
                                    round(Math.max(0, b[0] + b[1] - a[0] - a[1]) / (double) ticks / elapsed),
                                    round(Math.max(0, b[0] - a[0]) / (double) ticks / elapsed),
                                    round(Math.max(0, b[1] - a[1]) / (double) ticks / elapsed),
                                    b[2],
                                    (int) b[3],
                                    Math.max(0, b[4] - a[4]),
                                    Math.max(0, b[5] - a[5]),
                                    a[7] == 1 && b[7] == 1 ? round(Math.max(0, b[6] - a[6]) / 1e9 / elapsed) : null,
                                    a[9] == 1 && b[9] == 1
                                            ? round(Math.max(0, b[8] - a[8]) / (double) ticks / elapsed)
                                            : null,
                                    pauses == null ? null : pauses.count(),
                                    pauses == null ? null : round(pauses.ms()),
                                    pauses == null || pauses.heapAfterMb() < 0 ? null : round(pauses.heapAfterMb())));
                }
                prev.put(w, b);
            }
            prevT = now;
        }
    }

    /**
     * user ticks, system ticks, rss, threads, voluntary, involuntary, run-queue wait (ns), whether that wait is known
     * (1), JIT compiler threads' ticks, whether there are any (1) — summed over the process tree; null if gone. The
     * ticks count every process's reaped children too: a descendant that ended since the last snapshot has left the
     * tree, and its parent's count of reaped children's time (cutime, cstime) is where its CPU went, so the tree's CPU
     * goes on rising instead of falling by all the child ever used. Context switches, wait and the JIT's ticks are
     * summed over live threads: a thread that ended takes its counts with it, so their deltas can come out short
     * (never below 0).
     */
    static long[] snapshot(long pid) {
        Optional<ProcessStat> root = ProcessStat.read(pid);
        if (root.isEmpty()) {
            return null;
        }
        long[] s = new long[10];
        add(s, root.get());
        ProcessHandle.of(pid)
                .ifPresent(h ->
                        h.descendants().forEach(d -> ProcessStat.read(d.pid()).ifPresent(st -> add(s, st))));
        return s;
    }

    /** Adds one process; its context switches summed over its threads (its own status counts its first thread's). */
    private static void add(long[] s, ProcessStat st) {
        s[0] += st.userTicks() + st.reapedUserTicks();
        s[1] += st.systemTicks() + st.reapedSystemTicks();
        s[2] += st.rssBytes();
        s[3] += st.threads();
        TaskStats t = TaskStats.read(st.pid());
        s[4] += t != null ? t.voluntaryContextSwitches() : st.voluntaryContextSwitches();
        s[5] += t != null ? t.involuntaryContextSwitches() : st.involuntaryContextSwitches();
        if (t != null && t.runQueueWaitNanos() >= 0) {
            s[6] += t.runQueueWaitNanos();
            s[7] = 1;
        }
        if (t != null && t.compilerThreads() > 0) {
            s[8] += t.compilerTicks();
            s[9] = 1;
        }
    }

    public List<MachineSample> machine() {
        return List.copyOf(machine);
    }

    public List<ProcessSeries> series() {
        List<ProcessSeries> out = new ArrayList<>();
        for (Watched w : watched) {
            GcLog log = gc.get(w);
            out.add(summarise(w, samples.get(w), log == null || !log.exists() ? null : log.before()));
        }
        return out;
    }

    public static ProcessSeries summarise(Watched w, List<ProcessSample> s, Integer gcPausesBefore) {
        double mean = s.stream().mapToDouble(ProcessSample::cpu).average().orElse(0);
        double max = s.stream().mapToDouble(ProcessSample::cpu).max().orElse(0);
        var waits =
                s.stream().map(ProcessSample::cpuWait).filter(v -> v != null).toList();
        Double wait = waits.isEmpty() || waits.size() < s.size()
                ? null
                : round(waits.stream()
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElse(0));
        long rss = s.stream().mapToLong(ProcessSample::rssBytes).max().orElse(0);
        int threads = s.stream().mapToInt(ProcessSample::threads).max().orElse(0);
        long vol = s.stream().mapToLong(ProcessSample::voluntaryCtx).sum();
        long invol = s.stream().mapToLong(ProcessSample::involuntaryCtx).sum();
        return new ProcessSeries(
                w.role(),
                w.pid(),
                w.cpus(),
                round(mean),
                round(max),
                wait,
                rss,
                threads,
                vol,
                invol,
                gcPausesBefore,
                List.copyOf(s));
    }

    private static List<Double> boxed(double[] v) {
        return Arrays.stream(v).map(Sampler::round).boxed().toList();
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
