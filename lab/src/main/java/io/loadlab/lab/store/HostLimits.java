package io.loadlab.lab.store;

import io.loadlab.core.host.ConnectionCeiling;

/**
 * How many connections this host lets one load generator open to one server: the same figure {@code loadlab doctor}
 * computes ({@link ConnectionCeiling}: the open-file hard limit, which the lab raises every child's soft limit to,
 * less the JVM's own descriptors, and the ephemeral ports of one source address). Load levels above it are not run;
 * the lab records them with doctor's reason and fix instead of measuring connect errors.
 */
public final class HostLimits {
    /** What a host whose limits cannot be read is assumed to allow: a default open-file limit less the reserve. */
    static final int UNKNOWN_CEILING = 1024 - ConnectionCeiling.FD_RESERVE;

    private HostLimits() {}

    public static int of(ConnectionCeiling c) {
        long n = c.ceiling();
        return n < 0 ? UNKNOWN_CEILING : (int) Math.max(1, Math.min(Integer.MAX_VALUE, n));
    }
}
