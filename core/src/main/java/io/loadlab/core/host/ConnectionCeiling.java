package io.loadlab.core.host;

import io.loadlab.core.model.ConcurrencyModel;
import java.util.ArrayList;
import java.util.List;

/**
 * What a host's limits mean for a benchmark: how many concurrent connections one process can hold, how many one
 * source address can open to one target, which of the two binds, and how to raise it. Pure arithmetic over
 * {@link HostFacts}, so it is tested with made-up hosts.
 *
 * @param perProcess connections one process can hold: its hard open-file limit less {@link #FD_RESERVE}
 * @param perSourceAddress connections one source address can open to one target address and port: the ephemeral
 *     port range
 * @param ceiling connections one load generator can hold to one target from one source address
 * @param bindingLimit the name of the setting that sets {@link #ceiling}
 * @param threadCeiling threads the host can run at once (thread-per-connection needs one per connection)
 * @param findings every checked setting, with its fix
 */
public record ConnectionCeiling(
        long perProcess,
        long perSourceAddress,
        long ceiling,
        String bindingLimit,
        long threadCeiling,
        String threadBindingLimit,
        List<Finding> findings) {

    /** File descriptors a JVM needs besides its sockets: jars, epoll and event fds, pipes, logs. */
    public static final int FD_RESERVE = 256;

    /** Connections the lab aims to hold on any host; settings that cannot reach it are flagged. */
    public static final int TARGET_CONNECTIONS = 10_000;

    /** Accept backlogs below this make a burst of connects wait for SYN retries (1 s and more). */
    public static final int GOOD_BACKLOG = 8192;

    public static ConnectionCeiling of(HostFacts h) {
        List<Finding> out = new ArrayList<>();
        long perProcess = h.openFilesHard() < 0 ? -1 : Math.max(0, h.openFilesHard() - FD_RESERVE);
        long perSource = h.ephemeralPorts();
        boolean filesBind = perSource < 0 || (perProcess >= 0 && perProcess <= perSource);
        long ceiling = filesBind ? perProcess : perSource;

        out.add(new Finding(
                "open files (RLIMIT_NOFILE)",
                limit(h.openFilesSoft()) + " soft / " + limit(h.openFilesHard()) + " hard",
                status(h.openFilesHard() < 0, filesBind, perProcess < TARGET_CONNECTIONS),
                "every connection is a file descriptor in the load generator and another in the server; a JVM raises"
                        + " its soft limit to the hard one, so each process can hold " + perProcess
                        + " connections (hard limit less " + FD_RESERVE + " for the JVM itself)",
                List.of(
                        "# /etc/security/limits.conf (new logins), then log in again:",
                        "*    soft nofile 1048576",
                        "*    hard nofile 1048576",
                        "root soft nofile 1048576",
                        "root hard nofile 1048576",
                        "# systemd service: LimitNOFILE=1048576   container: --ulimit nofile=1048576:1048576",
                        "# a hard limit above fs.nr_open (" + h.nrOpen()
                                + ") also needs: sysctl -w fs.nr_open=1048576")));
        out.add(new Finding(
                "ephemeral ports (net.ipv4.ip_local_port_range)",
                h.portLow() < 0 ? "unknown" : h.portLow() + "-" + h.portHigh() + " (" + perSource + " ports)",
                status(h.portLow() < 0, !filesBind, perSource < TARGET_CONNECTIONS),
                "one source address can open at most this many connections to one target address and port"
                        + " (\"Cannot assign requested address\" past it); on loopback, spread connections over"
                        + " several source addresses with loadlab load --source-addresses",
                List.of(
                        "sysctl -w net.ipv4.ip_local_port_range=\"1024 65535\"",
                        "loadlab load --source-addresses 127.0.0.1-127.0.0.16 ...   # 16 x the port range on"
                                + " loopback")));
        out.add(new Finding(
                "accept backlog cap (net.core.somaxconn)",
                String.valueOf(h.somaxconn()),
                h.somaxconn() < 0
                        ? Finding.Status.UNKNOWN
                        : h.somaxconn() < GOOD_BACKLOG ? Finding.Status.WARN : Finding.Status.OK,
                "caps every server's listen backlog: when more connects arrive at once than the backlog holds,"
                        + " SYNs are dropped and retried after 1 s or more, which shows up as connect latency",
                List.of("sysctl -w net.core.somaxconn=65535")));
        out.add(new Finding(
                "SYN backlog (net.ipv4.tcp_max_syn_backlog)",
                String.valueOf(h.tcpMaxSynBacklog()),
                h.tcpMaxSynBacklog() < 0
                        ? Finding.Status.UNKNOWN
                        : h.tcpMaxSynBacklog() < GOOD_BACKLOG ? Finding.Status.WARN : Finding.Status.OK,
                "half-open connections queued per listener; a burst of 10k connects needs it large",
                List.of("sysctl -w net.ipv4.tcp_max_syn_backlog=65535")));
        out.add(new Finding(
                "TIME_WAIT reuse (net.ipv4.tcp_tw_reuse)",
                String.valueOf(h.tcpTwReuse()),
                h.tcpTwReuse() < 0
                        ? Finding.Status.UNKNOWN
                        : h.tcpTwReuse() == 0 ? Finding.Status.WARN : Finding.Status.OK,
                "closed connections hold their port in TIME_WAIT for 60 s; reuse lets new outgoing connections take"
                        + " them (1 = on, 2 = loopback only), which matters for Connection: close workloads",
                List.of("sysctl -w net.ipv4.tcp_tw_reuse=1")));

        long[] threads = threadCeiling(h);
        String threadLimit = threadLimitName((int) threads[1]);
        out.add(new Finding(
                "threads (pid_max, threads-max, max processes, max_map_count)",
                threads[0] + " (bound by " + threadLimit + ")",
                threads[0] < TARGET_CONNECTIONS ? Finding.Status.WARN : Finding.Status.OK,
                ConcurrencyModel.THREAD_PER_CONNECTION.id()
                        + " runs one platform thread per connection; every thread takes a PID and two"
                        + " memory mappings",
                List.of(
                        "sysctl -w kernel.pid_max=4194304",
                        "sysctl -w kernel.threads-max=4194304",
                        "sysctl -w vm.max_map_count=1048576",
                        "# limits.conf: * soft nproc unlimited")));
        out.add(new Finding(
                "CPUs usable (sched affinity)",
                h.cpusUsable() + " of " + h.cpusOnline() + " online"
                        + (h.cpusAllowed() == null ? "" : " (" + h.cpusAllowed() + ")"),
                h.cpusUsable() < 2 ? Finding.Status.WARN : Finding.Status.OK,
                h.cpusUsable() < 2
                        ? "with one CPU the load generator and the server share it: results measure both"
                        : "the lab pins the server and the load generator to separate CPUs (on 2 CPUs: server on"
                                + " CPU 1; load generator, backend and database on CPU 0)",
                h.cpusUsable() < 2 ? List.of("run on a host (or container) with at least 2 CPUs") : List.of()));
        out.add(new Finding(
                "memory",
                mib(h.memAvailableBytes()) + " available of " + mib(h.memTotalBytes()),
                h.memAvailableBytes() >= 0 && h.memAvailableBytes() < (2L << 30)
                        ? Finding.Status.WARN
                        : Finding.Status.OK,
                "10k connections take tens of MiB of socket buffers; 10k platform threads reserve their stacks",
                List.of()));
        String binding = filesBind ? "open files" : "ephemeral ports";
        return new ConnectionCeiling(perProcess, perSource, ceiling, binding, threads[0], threadLimit, out);
    }

    private static Finding.Status status(boolean unknown, boolean binds, boolean belowTarget) {
        if (unknown) {
            return Finding.Status.UNKNOWN;
        }
        if (binds) {
            return Finding.Status.LIMIT;
        }
        return belowTarget ? Finding.Status.WARN : Finding.Status.OK;
    }

    /** [ceiling, index of the binding limit]. */
    private static long[] threadCeiling(HostFacts h) {
        long[] candidates = {
            h.pidMax(), h.threadsMax(), h.maxProcesses(), h.maxMapCount() < 0 ? -1 : h.maxMapCount() / 2
        };
        long best = Long.MAX_VALUE;
        int which = 0;
        for (int i = 0; i < candidates.length; i++) {
            if (candidates[i] >= 0 && candidates[i] < best) {
                best = candidates[i];
                which = i;
            }
        }
        return new long[] {best == Long.MAX_VALUE ? -1 : best, which};
    }

    private static String threadLimitName(int i) {
        return switch (i) {
            case 0 -> "kernel.pid_max";
            case 1 -> "kernel.threads-max";
            case 2 -> "max processes (ulimit -u)";
            default -> "vm.max_map_count / 2";
        };
    }

    private static String limit(long v) {
        return v == Long.MAX_VALUE ? "unlimited" : String.valueOf(v);
    }

    private static String mib(long bytes) {
        return bytes < 0 ? "unknown" : (bytes >> 20) + " MiB";
    }

    /** The findings to act on: the binding limit first, then warnings. */
    public List<Finding> actionable() {
        List<Finding> a = new ArrayList<>();
        findings.stream().filter(f -> f.status() == Finding.Status.LIMIT).forEach(a::add);
        findings.stream().filter(f -> f.status() == Finding.Status.WARN).forEach(a::add);
        return a;
    }
}
