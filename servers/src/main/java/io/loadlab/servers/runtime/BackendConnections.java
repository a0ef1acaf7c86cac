package io.loadlab.servers.runtime;

import com.sun.management.UnixOperatingSystemMXBean;
import io.loadlab.core.host.ConnectionCeiling;
import java.lang.management.ManagementFactory;

/**
 * How many connections a server may open to the backend: half of the file descriptors its open-file limit leaves
 * after the JVM's own ({@link ConnectionCeiling#FD_RESERVE}), so that as many inbound connections always fit beside
 * them. Without the bound, N inbound connections each waiting on its own backend call need 2N descriptors: past the
 * limit every further connect and accept fails ("Too many open files"), and Netty-based servers stop accepting for a
 * second after each such failure. Calls beyond the bound wait for a connection instead.
 */
public final class BackendConnections {
    private BackendConnections() {}

    /** The bound for this process, from its open-file limit (which the JVM has raised to the hard limit). */
    public static int forThisProcess() {
        long limit = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean os) {
            limit = os.getMaxFileDescriptorCount();
        }
        return forOpenFileLimit(limit);
    }

    /** The bound for an open-file limit; a limit that cannot be read (negative) leaves 10,000. */
    public static int forOpenFileLimit(long openFiles) {
        if (openFiles < 0) {
            return 10_000;
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, (openFiles - ConnectionCeiling.FD_RESERVE) / 2));
    }

    /** One event loop's share of {@code max}, at least 1: the loops together never open more than {@code max}. */
    public static int perLoop(int max, int loops) {
        return Math.max(1, max / Math.max(1, loops));
    }
}
