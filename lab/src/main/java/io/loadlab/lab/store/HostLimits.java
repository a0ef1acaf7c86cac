package io.loadlab.lab.store;

import io.loadlab.core.proc.ProcFs;

/**
 * How many connections this host lets one load generator open to one server: the open-file hard limit (the lab
 * raises every child's soft limit to it) less a reserve for the JVM's own files, and the ephemeral port range (one
 * source address). Load levels above it are skipped, with a note, rather than measured as connect errors.
 */
public final class HostLimits {
    static final int FILE_RESERVE = 200;

    private HostLimits() {}

    public static int connectionCeiling() {
        long files = parse(EnvironmentProbe.run("sh", "-c", "ulimit -Hn"), 1024) - FILE_RESERVE;
        long ports = 28_000;
        String range = ProcFs.readValue("/proc/sys/net/ipv4/ip_local_port_range");
        if (range != null) {
            String[] p = range.trim().split("\\s+");
            if (p.length == 2) {
                ports = Long.parseLong(p[1]) - Long.parseLong(p[0]) + 1;
            }
        }
        return (int) Math.max(1, Math.min(files, ports));
    }

    private static long parse(String v, long fallback) {
        if (v == null) {
            return fallback;
        }
        if (v.equals("unlimited")) {
            return Long.MAX_VALUE / 2;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
