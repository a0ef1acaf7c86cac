package io.loadlab.core;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.Locale;

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

    /**
     * What went wrong with a file, in words for a message, e.g. "no such directory at /proc/nope" or "not a directory
     * at /etc/passwd/x": the exception's own text names its class and no reason for the commonest failures.
     */
    public static String why(IOException e) {
        if (!(e instanceof FileSystemException f)) {
            return String.valueOf(e.getMessage());
        }
        String reason;
        if (f instanceof NoSuchFileException) {
            reason = "no such directory";
        } else if (f instanceof AccessDeniedException) {
            reason = "permission denied";
        } else if (f instanceof FileAlreadyExistsException) {
            reason = "a file is in the way";
        } else if (f.getReason() != null) {
            reason = f.getReason().toLowerCase(Locale.ROOT);
        } else {
            reason = f.getClass().getSimpleName();
        }
        return f.getFile() == null ? reason : reason + " at " + f.getFile();
    }
}
