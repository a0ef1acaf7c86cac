package io.loadlab.core;

/**
 * A mistake the user can fix: a bad flag, a missing file, a port in use, an unreachable target. The command line
 * prints its message as one line, without a stack trace, and exits with status 2. The message says what is wrong
 * and how to fix it.
 */
public final class UserError extends RuntimeException {
    public UserError(String message) {
        super(message, null, false, false);
    }

    public UserError(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
