package io.loadlab.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The host's CPU time so far, in clock ticks from {@code /proc}: busy and total over all CPUs, and what this JVM and
 * its descendants (living, or reaped into its children's times) used. Two readings give the share of the host that
 * other processes took between them.
 */
record CpuShares(long busy, long total, long family) {
    private static final Path PROC = Path.of("/proc");

    /** Now, or null where {@code /proc} cannot be read. */
    static CpuShares read() {
        try {
            String[] cpu =
                    Files.readAllLines(PROC.resolve("stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i <= Math.min(8, cpu.length - 1); i++) {
                total += Long.parseLong(cpu[i]);
            }
            long idle = Long.parseLong(cpu[4]) + (cpu.length > 5 ? Long.parseLong(cpu[5]) : 0);
            return new CpuShares(
                    total - idle, total, family(ProcessHandle.current().pid()));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The share of the host's CPU (0..1) that processes other than this JVM's family took since {@code before}. */
    double othersShareSince(CpuShares before) {
        long total = this.total - before.total;
        if (total <= 0) {
            return 0;
        }
        long others = (busy - before.busy) - (family - before.family);
        return Math.max(0, Math.min(1, (double) others / total));
    }

    /** The 1-minute load average, or "unknown". */
    static String loadAverage() {
        try {
            return Files.readString(PROC.resolve("loadavg")).trim().split("\\s+")[0];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** Ticks used by {@code root} and its living descendants, each with its reaped children. */
    private static long family(long root) throws IOException {
        Map<Long, List<Long>> children = new HashMap<>();
        Map<Long, Long> ticks = new HashMap<>();
        try (Stream<Path> dirs = Files.list(PROC)) {
            for (Path dir : (Iterable<Path>) dirs::iterator) {
                String name = dir.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                String stat;
                try {
                    stat = Files.readString(dir.resolve("stat"));
                } catch (IOException gone) {
                    continue;
                }
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long pid = Long.parseLong(name);
                children.computeIfAbsent(Long.parseLong(f[1]), k -> new ArrayList<>())
                        .add(pid);
                ticks.put(
                        pid,
                        Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]));
            }
        }
        long sum = 0;
        Set<Long> seen = new HashSet<>();
        List<Long> todo = new ArrayList<>(List.of(root));
        while (!todo.isEmpty()) {
            long pid = todo.removeLast();
            if (seen.add(pid)) {
                sum += ticks.getOrDefault(pid, 0L);
                todo.addAll(children.getOrDefault(pid, List.of()));
            }
        }
        return sum;
    }
}
