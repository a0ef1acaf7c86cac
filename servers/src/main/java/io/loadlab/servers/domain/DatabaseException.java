package io.loadlab.servers.domain;

/**
 * A database call failed: unreachable, stopped, timed out, or refused the statement. Servers answer 503
 * {@code {"error":"database: <message>"}}; the message is one line, safe to show.
 */
public final class DatabaseException extends RuntimeException {
    public DatabaseException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The innermost message of {@code e}, on one line: what failed, not where. */
    static String reason(Throwable e) {
        Throwable t = e;
        String msg = null;
        for (int depth = 0; t != null && depth < 10; t = t.getCause(), depth++) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                msg = t.getMessage();
            }
        }
        if (msg == null) {
            msg = e.getClass().getSimpleName();
        }
        return msg.replaceAll("\\s+", " ").strip();
    }
}
