package io.loadlab.core.host;

import io.loadlab.core.proc.ProcFs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The host facts that limit how many connections and threads a benchmark can hold, read from {@code /proc} and
 * {@code /sys}. A value that could not be read is -1 (numbers) or null (text) and is listed in {@link #unreadable}.
 *
 * @param openFilesSoft this process's soft {@code RLIMIT_NOFILE} (the JVM raises its own soft limit to the hard one)
 * @param openFilesHard hard {@code RLIMIT_NOFILE}: what any process may raise its soft limit to
 * @param nrOpen {@code fs.nr_open}: the ceiling of any hard limit
 * @param maxProcesses soft {@code RLIMIT_NPROC} (threads count against it)
 * @param somaxconn {@code net.core.somaxconn}: caps every listen backlog
 * @param tcpMaxSynBacklog {@code net.ipv4.tcp_max_syn_backlog}
 * @param portLow first ephemeral port of {@code net.ipv4.ip_local_port_range}
 * @param portHigh last ephemeral port
 * @param tcpTwReuse {@code net.ipv4.tcp_tw_reuse} (0 off, 1 on, 2 loopback only)
 * @param threadsMax {@code kernel.threads-max}
 * @param pidMax {@code kernel.pid_max}: every thread takes a PID
 * @param maxMapCount {@code vm.max_map_count}: every thread stack takes about two mappings
 * @param cpusOnline CPUs online on the machine
 * @param cpusUsable CPUs this process may run on (sched affinity)
 * @param cpusAllowed the affinity list, e.g. {@code 0-1}
 * @param memTotalBytes total memory
 * @param memAvailableBytes available memory
 * @param cpuModel CPU model name
 * @param kernel kernel release
 */
public record HostFacts(
        long openFilesSoft,
        long openFilesHard,
        long nrOpen,
        long maxProcesses,
        long somaxconn,
        long tcpMaxSynBacklog,
        int portLow,
        int portHigh,
        int tcpTwReuse,
        long threadsMax,
        long pidMax,
        long maxMapCount,
        int cpusOnline,
        int cpusUsable,
        String cpusAllowed,
        long memTotalBytes,
        long memAvailableBytes,
        String cpuModel,
        String kernel,
        List<String> unreadable) {

    /** Reads the facts of this host as seen by this process. */
    public static HostFacts read() {
        return read(Path.of("/"));
    }

    static HostFacts read(Path root) {
        Reader r = new Reader(root);
        String limits = r.text("proc/self/limits");
        long[] nofile = limitsLine(limits, "Max open files");
        long[] nproc = limitsLine(limits, "Max processes");
        if (limits == null) {
            r.missing.add("/proc/self/limits");
        }
        String range = r.text("proc/sys/net/ipv4/ip_local_port_range");
        int low = -1;
        int high = -1;
        if (range != null) {
            String[] p = range.trim().split("\\s+");
            low = Integer.parseInt(p[0]);
            high = Integer.parseInt(p[1]);
        }
        String status = r.text("proc/self/status");
        String allowed = ProcFs.field(status, "Cpus_allowed_list:");
        String meminfo = r.text("proc/meminfo");
        String cpuinfo = r.text("proc/cpuinfo");
        String release = r.text("proc/sys/kernel/osrelease");
        return new HostFacts(
                nofile[0],
                nofile[1],
                r.number("proc/sys/fs/nr_open"),
                nproc[0],
                r.number("proc/sys/net/core/somaxconn"),
                r.number("proc/sys/net/ipv4/tcp_max_syn_backlog"),
                low,
                high,
                (int) r.number("proc/sys/net/ipv4/tcp_tw_reuse"),
                r.number("proc/sys/kernel/threads-max"),
                r.number("proc/sys/kernel/pid_max"),
                r.number("proc/sys/vm/max_map_count"),
                cpuCount(r.text("sys/devices/system/cpu/online")),
                Runtime.getRuntime().availableProcessors(),
                allowed,
                kib(ProcFs.field(meminfo, "MemTotal:")),
                kib(ProcFs.field(meminfo, "MemAvailable:")),
                ProcFs.field(cpuinfo, "model name"),
                release == null ? null : release.trim(),
                List.copyOf(r.missing));
    }

    /** Number of CPUs in a list such as {@code 0-3,8,10-11}; -1 when unreadable. */
    static int cpuCount(String list) {
        if (list == null || list.isBlank()) {
            return -1;
        }
        int n = 0;
        for (String part : list.trim().split(",")) {
            int dash = part.indexOf('-');
            n += dash < 0
                    ? 1
                    : Integer.parseInt(part.substring(dash + 1)) - Integer.parseInt(part.substring(0, dash)) + 1;
        }
        return n;
    }

    private static long[] limitsLine(String limits, String name) {
        if (limits != null) {
            for (String line : limits.split("\n")) {
                if (line.startsWith(name)) {
                    String[] f = line.substring(name.length()).trim().split("\\s+");
                    return new long[] {limitValue(f[0]), limitValue(f[1])};
                }
            }
        }
        return new long[] {-1, -1};
    }

    private static long limitValue(String v) {
        return v.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(v);
    }

    private static long kib(String v) {
        if (v == null) {
            return -1;
        }
        return Long.parseLong(v.replace("kB", "").trim()) * 1024;
    }

    /** Ephemeral ports available to one source address talking to one destination address and port. */
    public int ephemeralPorts() {
        return portLow < 0 ? -1 : portHigh - portLow + 1;
    }

    private static final class Reader {
        final Path root;
        final List<String> missing = new ArrayList<>();

        Reader(Path root) {
            this.root = root;
        }

        String text(String path) {
            try {
                return ProcFs.read(root.resolve(path));
            } catch (IOException | SecurityException e) {
                missing.add("/" + path);
                return null;
            }
        }

        long number(String path) {
            String t = text(path);
            if (t == null) {
                return -1;
            }
            try {
                return Long.parseLong(t.trim());
            } catch (NumberFormatException e) {
                missing.add("/" + path);
                return -1;
            }
        }
    }
}
