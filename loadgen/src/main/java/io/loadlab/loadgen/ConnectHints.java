package io.loadlab.loadgen;

/** One-line advice for connect failures seen during a run (doctor-style). */
public final class ConnectHints {
    private ConnectHints() {}

    /** A hint for a connect failure seen during the run, or null when the message needs none. */
    public static String hint(Throwable cause) {
        String m = String.valueOf(cause.getMessage());
        if (m.contains("Cannot assign requested address") || m.contains("EADDRNOTAVAIL")) {
            return "ran out of ephemeral ports for this target; add source addresses"
                    + " (--source-addresses 127.0.0.1-127.0.0.16) or widen net.ipv4.ip_local_port_range";
        }
        if (m.contains("Too many open files")) {
            return "hit the open-file limit; raise it (ulimit -n) or use fewer connections";
        }
        return null;
    }
}
