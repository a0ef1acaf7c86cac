package io.loadlab.loadgen;

import io.netty.handler.ssl.NotSslRecordException;
import javax.net.ssl.SSLHandshakeException;

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
        if (find(cause, NotSslRecordException.class) != null) {
            return "the server does not speak TLS on this port: use http://, or the port it serves https on";
        }
        SSLHandshakeException handshake = find(cause, SSLHandshakeException.class);
        if (handshake != null && String.valueOf(handshake.getMessage()).contains("PKIX")) {
            return "the server's certificate is not one this JDK trusts: --insecure skips the verification";
        }
        if (handshake != null) {
            return "the TLS handshake failed: check that the server serves https on this port";
        }
        return null;
    }

    /**
     * The failure in a few words for the line the hint ends: a TLS failure's own message holds the bytes it could not
     * read as hex, or the whole certificate path.
     */
    public static String cause(Throwable cause) {
        if (find(cause, NotSslRecordException.class) != null) {
            return "the answer was not a TLS record";
        }
        if (find(cause, SSLHandshakeException.class) != null) {
            return "TLS handshake failed";
        }
        return String.valueOf(cause.getMessage());
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        for (int depth = 0; t != null && depth < 8; t = t.getCause(), depth++) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
