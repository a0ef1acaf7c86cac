package io.loadlab.core.proc;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A snapshot of one process from {@code /proc/PID/stat} and {@code /proc/PID/status}: CPU time in clock ticks
 * ({@link ProcFs#clockTicksPerSecond()} per second), its own (every thread's, ended ones too) and that of the children
 * it has reaped, resident memory, thread count and context switches since the process started. Two snapshots a second
 * apart give the rates the lab samples.
 */
public record ProcessStat(
        long pid,
        long userTicks,
        long systemTicks,
        long reapedUserTicks,
        long reapedSystemTicks,
        long rssBytes,
        int threads,
        long voluntaryContextSwitches,
        long involuntaryContextSwitches) {

    /** Reads the process, or returns empty when it has exited (or never existed). */
    public static Optional<ProcessStat> read(long pid) {
        return read(ProcFs.ROOT, pid);
    }

    static Optional<ProcessStat> read(Path procRoot, long pid) {
        Path dir = procRoot.resolve(Long.toString(pid));
        try {
            String stat = ProcFs.read(dir.resolve("stat"));
            String status = ProcFs.read(dir.resolve("status"));
            return Optional.of(parse(pid, stat, status));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // A process that exits between the two reads surfaces as ESRCH on some kernels.
            return Optional.empty();
        }
    }

    static ProcessStat parse(long pid, String stat, String status) {
        // The command name (field 2) may hold spaces and parentheses: fields resume after the last ')'.
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // f[0] is field 3 (state); utime is field 14, stime 15, cutime 16 and cstime 17 (children waited for).
        long utime = Long.parseLong(f[11]);
        long stime = Long.parseLong(f[12]);
        long cutime = Long.parseLong(f[13]);
        long cstime = Long.parseLong(f[14]);
        long rssKb = 0;
        int threads = 0;
        long vol = 0;
        long invol = 0;
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                rssKb = firstNumber(line);
            } else if (line.startsWith("Threads:")) {
                threads = (int) firstNumber(line);
            } else if (line.startsWith("voluntary_ctxt_switches:")) {
                vol = firstNumber(line);
            } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                invol = firstNumber(line);
            }
        }
        return new ProcessStat(pid, utime, stime, cutime, cstime, rssKb * 1024, threads, vol, invol);
    }

    static long firstNumber(String line) {
        int i = 0;
        while (i < line.length() && !Character.isDigit(line.charAt(i))) {
            i++;
        }
        int j = i;
        while (j < line.length() && Character.isDigit(line.charAt(j))) {
            j++;
        }
        return i == j ? 0 : Long.parseLong(line.substring(i, j));
    }

    /** The process's own CPU time: every thread's, not its children's. */
    public long totalTicks() {
        return userTicks + systemTicks;
    }
}
