package io.loadlab.core.proc;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a process's threads add up to, from {@code /proc/PID/task/TID/}: context switches (the process's own
 * {@code /proc/PID/status} counts only its first thread's), the time its threads spent runnable but waiting for a CPU
 * ({@code schedstat}: a pinned server whose threads queue for its core is short of CPU even when its mean CPU is not
 * 100%), and the CPU of the JVM's JIT compiler threads (named {@code C1 CompilerThre…} and {@code C2 CompilerThre…})
 * with their own wait: a JIT starved by a busy core runs little yet is far from done. One scan reads three small files
 * per thread, so a process with more than {@link #MAX_THREADS} threads is not scanned.
 *
 * @param voluntaryContextSwitches summed over the threads alive now
 * @param involuntaryContextSwitches summed over the threads alive now
 * @param compilerTicks CPU clock ticks of the JIT compiler threads since they started
 * @param compilerThreads how many JIT compiler threads there are (0: not a JVM, or it has none)
 * @param compilerWaitNanos time the JIT compiler threads spent runnable, waiting for a CPU, since they started (0
 *     where the kernel keeps no {@code schedstat})
 * @param runQueueWaitNanos the same for all the threads alive now; -1 where the kernel keeps no {@code schedstat}
 */
public record TaskStats(
        long voluntaryContextSwitches,
        long involuntaryContextSwitches,
        long compilerTicks,
        int compilerThreads,
        long compilerWaitNanos,
        long runQueueWaitNanos) {
    public static final int MAX_THREADS = 5_000;

    /** Scans the threads of {@code pid}; null when it has exited, or has more than {@link #MAX_THREADS} threads. */
    public static TaskStats read(long pid) {
        return read(ProcFs.ROOT, pid);
    }

    static TaskStats read(Path procRoot, long pid) {
        Path tasks = procRoot.resolve(Long.toString(pid)).resolve("task");
        long vol = 0;
        long invol = 0;
        long compiler = 0;
        long compilerWait = 0;
        long wait = 0;
        boolean waits = false;
        int compilers = 0;
        int seen = 0;
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(tasks)) {
            for (Path t : dir) {
                if (++seen > MAX_THREADS) {
                    return null;
                }
                try {
                    String stat = ProcFs.read(t.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    long w = runQueueWait(t);
                    if (w >= 0) {
                        wait += w;
                        waits = true;
                    }
                    if (name.contains("CompilerThre")) {
                        String[] f =
                                stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
                        compiler += Long.parseLong(f[11]) + Long.parseLong(f[12]);
                        compilerWait += Math.max(w, 0);
                        compilers++;
                    }
                    for (String line : ProcFs.read(t.resolve("status")).split("\n")) {
                        if (line.startsWith("voluntary_ctxt_switches:")) {
                            vol += ProcessStat.firstNumber(line);
                        } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                            invol += ProcessStat.firstNumber(line);
                        }
                    }
                } catch (IOException | RuntimeException threadGone) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException e) {
            return null;
        }
        return new TaskStats(vol, invol, compiler, compilers, compilerWait, waits ? wait : -1);
    }

    /** The second field of {@code schedstat}: nanoseconds runnable but waiting for a CPU; -1 where it is absent. */
    private static long runQueueWait(Path task) {
        try {
            String[] f = ProcFs.read(task.resolve("schedstat")).trim().split("\\s+");
            return f.length >= 2 ? Long.parseLong(f[1]) : -1;
        } catch (IOException | RuntimeException absent) {
            return -1;
        }
    }
}
