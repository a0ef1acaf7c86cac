package io.loadlab.cli;

import io.loadlab.loadgen.ConnectHints;
import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Says once per run why connects fail when the host is the reason (no free local port, the open-file limit) and what
 * to do about it; every later failure is counted in the report, not printed. Thread-safe: load threads call it.
 */
final class ConnectHint {
    private final String command;
    private final PrintWriter err;
    private final AtomicBoolean said = new AtomicBoolean();

    /** {@code command} opens the line, e.g. {@code loadlab load}. */
    ConnectHint(String command, PrintWriter err) {
        this.command = command;
        this.err = err;
    }

    void failed(Throwable cause) {
        String hint = ConnectHints.hint(cause);
        if (hint != null && said.compareAndSet(false, true)) {
            synchronized (err) {
                err.println(command + ": connect failed: " + ConnectHints.cause(cause) + "; " + hint);
                err.flush();
            }
        }
    }
}
