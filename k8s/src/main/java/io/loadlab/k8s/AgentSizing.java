package io.loadlab.k8s;

import io.loadlab.core.host.ConnectionCeiling;
import java.util.Locale;

/**
 * How big each agent's pod is, and whether N agents can hold the connections at all. One agent holds at most what
 * {@code loadlab doctor} computes for one load generator (its {@link ConnectionCeiling}: the open-file limit, and the
 * ephemeral ports one source address — a pod has one — can open to one target); a node's limits are not known from
 * here, so this host's are the estimate, and docs/distributed.md says how to check a node. Memory: a base for the JVM
 * plus a per-connection allowance (buffers, channel, pipeline), rounded up to 64 MiB.
 */
public final class AgentSizing {
    /** The JVM, Netty's arenas and the histograms, before any connection. */
    public static final long BASE_MIB = 256;

    /** Memory one connection costs the load generator, generously: its channel, pipeline and buffers. */
    public static final long BYTES_PER_CONNECTION = 16 * 1024;

    /** Ports one source address can use when the host's range is unknown (Linux's default 32768-60999). */
    public static final long DEFAULT_PORTS = 28_232;

    private AgentSizing() {}

    /** Each agent's memory for {@code connections} connections, as a Kubernetes quantity. */
    public static String memory(long connections) {
        long mib = BASE_MIB + (connections * BYTES_PER_CONNECTION + (1 << 20) - 1) / (1 << 20);
        return ((mib + 63) / 64 * 64) + "Mi";
    }

    /** The most connections one agent holds: doctor's ceiling, the ports of one source address when unknown. */
    public static long perAgentCeiling(ConnectionCeiling c) {
        long ports = c.perSourceAddress() > 0 ? c.perSourceAddress() : DEFAULT_PORTS;
        return c.perProcess() > 0 ? Math.min(ports, c.perProcess()) : ports;
    }

    /** The fewest agents that hold {@code connections}, each at most {@code ceiling}. */
    public static int minimumAgents(long connections, long ceiling) {
        return (int) Math.max(1, (connections + ceiling - 1) / ceiling);
    }

    /** Why {@code agents} cannot hold {@code connections}, or null when they can. */
    public static String tooFew(long connections, int agents, long ceiling) {
        int need = minimumAgents(connections, ceiling);
        if (agents >= need) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "%d connections over %d agents is %d per agent, above the %d one agent can hold (loadlab doctor:"
                        + " open files and one source address's ports); use --agents %d or more",
                connections,
                agents,
                (connections + agents - 1) / agents,
                ceiling,
                need);
    }
}
