package io.loadlab.frameworks.common;

import java.net.BindException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.util.Locale;
import java.util.concurrent.TimeoutException;

/**
 * The one-line reasons of 502 and 503 answers, worded as the reference servers word them, so that every model gives
 * the same body for the same failure.
 */
public final class Reasons {
    private Reasons() {}

    /** {@code backend: connection refused | timed out | connection closed | <message>}. */
    public static String backend(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String m = t.getMessage() == null ? "" : t.getMessage();
            String lower = m.toLowerCase(Locale.ROOT);
            if (t instanceof ConnectException || m.contains("Connection refused")) {
                return "backend: connection refused";
            }
            if (t instanceof SocketTimeoutException || t instanceof TimeoutException || lower.contains("timed out")) {
                return "backend: timed out";
            }
            if (lower.contains("closed") || lower.contains("failed to respond") || lower.contains("end of stream")) {
                return "backend: connection closed";
            }
        }
        return "backend: " + firstLine(failure);
    }

    /** {@code backend: status N} for an answer other than 200. */
    public static String backendStatus(int status) {
        return "backend: status " + status;
    }

    /** {@code database: <message>}. */
    public static String database(Throwable failure) {
        return "database: " + firstLine(failure);
    }

    /**
     * Why an application could not start, in one line that says what to fix: PostgreSQL not usable, the address not
     * bindable, or the failure's own first line.
     */
    public static String startFailure(Throwable e, AppEnv env) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException && env.db() != null) {
                return "cannot use PostgreSQL at " + env.db().address() + ": " + firstLine(e)
                        + "; start it or fix LOADLAB_DB_URL";
            }
            if (t instanceof BindException) {
                return "cannot listen on " + env.host() + ":" + env.port() + ": " + firstLine(e)
                        + "; set LOADLAB_PORT (0 picks a free one) or LOADLAB_HOST";
            }
        }
        return "cannot start: " + firstLine(e);
    }

    /** The first line of the innermost message that says something, or the exception's simple name. */
    public static String firstLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            m = e.getMessage();
        }
        return m == null || m.isBlank()
                ? t.getClass().getSimpleName()
                : m.lines().findFirst().orElse(m);
    }
}
