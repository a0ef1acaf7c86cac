package io.loadlab.lab.proc;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Ends what a run started should this JVM die without its shutdown hooks (SIGKILL, the kernel's out-of-memory killer,
 * a crash), which would leave its servers, backend and PostgreSQL running for good. A shell holds the read end of a
 * pipe that only this JVM writes to (a child does not inherit it: the JDK closes every other descriptor in a child).
 * When the pipe closes — {@link #close} after the run has ended its children itself, or the death of this JVM — the
 * shell ends every process whose environment holds the marker {@code NAME=VALUE} (one every process of the run
 * inherits), by PID: SIGTERM, up to 5 s, then SIGKILL. The marker, not a list of PIDs, names them, so that a PID freed
 * and reused by another process since is never signalled. The shell ignores SIGINT, SIGTERM and SIGHUP: a Ctrl-C or a
 * runner's SIGTERM to the whole group reaches the lab, whose hook ends its children, and the shell stays to finish
 * the job if the lab is then killed.
 */
public final class Lifeline implements AutoCloseable {
    /** How long {@link #close} waits for the shell: its grace period and a margin. */
    private static final long CLOSE_WAIT_MS = 30_000;

    static final String SCRIPT = """
            trap '' INT TERM HUP
            cat >/dev/null
            marked() { grep -lsxzF -e "$1" /proc/[0-9]*/environ | cut -d/ -f3; }
            p=$(marked "$1")
            [ -n "$p" ] || exit 0
            kill -TERM $p 2>/dev/null
            for i in 1 2 3 4 5 6 7 8 9 10; do
              sleep 0.5
              p=$(marked "$1")
              [ -n "$p" ] || exit 0
            done
            kill -KILL $p 2>/dev/null
            exit 0
            """;

    private final Process shell;

    private Lifeline(Process shell) {
        this.shell = shell;
    }

    /** Starts the shell for the processes whose environment holds {@code name=value}. */
    public static Lifeline start(String name, String value) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", SCRIPT, "loadlab-lifeline", name + "=" + value)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().remove(name); // never one of its own
        return new Lifeline(pb.start());
    }

    /**
     * Gives the processes {@code pb} starts a marker of their own, {@code name} set to this JVM's PID and the moment
     * (unique to this call), and starts the shell for them.
     */
    public static Lifeline forProcesses(ProcessBuilder pb, String name) throws IOException {
        String value = ProcessHandle.current().pid() + "-" + System.nanoTime();
        pb.environment().put(name, value);
        return start(name, value);
    }

    public long pid() {
        return shell.pid();
    }

    /**
     * Closes the pipe, so that the shell ends whatever still carries the marker, and waits for it (at most 30 s; then
     * it is killed). Idempotent.
     */
    @Override
    public void close() {
        try {
            shell.getOutputStream().close();
        } catch (IOException alreadyClosed) {
            // the shell is gone, or was told already
        }
        try {
            if (!shell.waitFor(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS)) {
                shell.destroyForcibly();
            }
        } catch (InterruptedException e) {
            shell.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
