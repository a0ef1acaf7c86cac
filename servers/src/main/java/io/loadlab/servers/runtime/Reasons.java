package io.loadlab.servers.runtime;

import io.netty.channel.ConnectTimeoutException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;
import java.util.concurrent.TimeoutException;

/**
 * The one-line reasons of 502 and 503 answers, worded as the blocking models word them, so that every model gives
 * the same body for the same failure.
 */
public final class Reasons {
    private Reasons() {}

    /** {@code backend: connection refused | timed out | connection closed | <message>}. */
    public static String backend(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage() == null ? "" : t.getMessage();
            // Netty's ConnectTimeoutException is a ConnectException: a connect that timed out was not refused
            if (t instanceof ConnectTimeoutException) {
                return "backend: timed out";
            }
            if (t instanceof ConnectException || m.contains("Connection refused")) {
                return "backend: connection refused";
            }
            if (t instanceof SocketTimeoutException
                    || t instanceof TimeoutException
                    || m.contains("timeout period")
                    || m.toLowerCase(Locale.ROOT).contains("timed out")) {
                return "backend: timed out";
            }
            if (t instanceof ClosedChannelException || m.contains("closed the connection")) {
                return "backend: connection closed";
            }
        }
        return "backend: " + StartupChecks.reason(failure);
    }

    /** {@code backend: status N} for an answer other than 200. */
    public static String backendStatus(int status) {
        return "backend: status " + status;
    }

    /** {@code database: <message>}, never prefixed twice. */
    public static String database(Throwable failure) {
        String m = StartupChecks.reason(failure);
        return m.startsWith("database: ") ? m : "database: " + m;
    }

    /** The {@code /health} reason when the database does not answer. */
    public static final String DATABASE_DOWN = "database: not reachable";
}
