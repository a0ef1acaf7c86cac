package io.loadlab.core.proc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Per-core CPU time from {@code /proc/stat}, in clock ticks since boot. {@link #busyFractions}, {@link #idleFractions}
 * and {@link #iowaitFractions} compare two snapshots.
 */
public record CpuTimes(List<Core> cores) {

    /** One {@code cpuN} line; {@code busy} is every field except idle and iowait (steal included: time we lost). */
    public record Core(int id, long busy, long idle, long iowait) {
        long total() {
            return busy + idle + iowait;
        }
    }

    public static CpuTimes read() {
        return read(ProcFs.ROOT);
    }

    static CpuTimes read(Path procRoot) {
        try {
            return parse(ProcFs.read(procRoot.resolve("stat")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/stat", e);
        }
    }

    static CpuTimes parse(String stat) {
        List<Core> cores = new ArrayList<>();
        for (String line : stat.split("\n")) {
            if (!line.startsWith("cpu") || line.startsWith("cpu ")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            int id = Integer.parseInt(f[0].substring(3));
            // user nice system idle iowait irq softirq steal [guest guest_nice — already counted in user/nice]
            long user = Long.parseLong(f[1]);
            long nice = Long.parseLong(f[2]);
            long system = Long.parseLong(f[3]);
            long idle = Long.parseLong(f[4]);
            long iowait = f.length > 5 ? Long.parseLong(f[5]) : 0;
            long irq = f.length > 6 ? Long.parseLong(f[6]) : 0;
            long softirq = f.length > 7 ? Long.parseLong(f[7]) : 0;
            long steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
            cores.add(new Core(id, user + nice + system + irq + softirq + steal, idle, iowait));
        }
        return new CpuTimes(List.copyOf(cores));
    }

    /** Fraction of time each core (by position in {@code later}) was idle since {@code earlier}. */
    public static double[] idleFractions(CpuTimes earlier, CpuTimes later) {
        return fractions(earlier, later, 0);
    }

    public static double[] iowaitFractions(CpuTimes earlier, CpuTimes later) {
        return fractions(earlier, later, 1);
    }

    public static double[] busyFractions(CpuTimes earlier, CpuTimes later) {
        return fractions(earlier, later, 2);
    }

    private static double[] fractions(CpuTimes earlier, CpuTimes later, int which) {
        double[] out = new double[later.cores.size()];
        for (int i = 0; i < out.length; i++) {
            Core b = later.cores.get(i);
            Core a = earlier.find(b.id());
            if (a == null) {
                continue;
            }
            long total = b.total() - a.total();
            long part = switch (which) {
                case 0 -> b.idle() - a.idle();
                case 1 -> b.iowait() - a.iowait();
                default -> b.busy() - a.busy();
            };
            out[i] = total <= 0 ? 0 : Math.max(0, Math.min(1, (double) part / total));
        }
        return out;
    }

    private Core find(int id) {
        for (Core c : cores) {
            if (c.id() == id) {
                return c;
            }
        }
        return null;
    }
}
