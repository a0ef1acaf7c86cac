package io.loadlab.core.proc;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT as a request to stop, so that a long-running process (a server, the backend) closes gracefully
 * and exits 0 rather than with the JVM's 143 or 130. Where the JVM reserves a signal (e.g. {@code -Xrs}), its shutdown
 * hooks still run.
 */
public final class StopSignal {
    private final CountDownLatch stop = new CountDownLatch(1);

    private StopSignal() {}

    /** Installs the handlers; from then on SIGTERM or SIGINT releases {@link #await}. */
    public static StopSignal install() {
        StopSignal s = new StopSignal();
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), sig -> s.stop.countDown());
            } catch (IllegalArgumentException unavailable) {
                // the JVM keeps its default handling: shutdown hooks
            }
        }
        return s;
    }

    /**
     * True when this process started with {@code SIGINT} (or {@code SIGTERM}: {@code name} "INT" or "TERM") ignored,
     * inherited from a parent, e.g. a shell that ran it in the background without job control ({@code cmd &} in a
     * script). The JVM then never handles it, and every process it starts inherits the same: a Ctrl-C sent to them is
     * lost. Read from {@code /proc/self/status}; false where that cannot be read.
     */
    public static boolean ignoredFromStart(String name) {
        int number = switch (name) {
            case "INT" -> 2;
            case "TERM" -> 15;
            default -> throw new IllegalArgumentException("INT or TERM, not " + name);
        };
        try {
            String mask = ProcFs.field(ProcFs.read(ProcFs.ROOT.resolve("self/status")), "SigIgn:");
            if (mask != null) {
                return (Long.parseUnsignedLong(mask, 16) & (1L << (number - 1))) != 0;
            }
        } catch (IOException | RuntimeException unreadable) {
            // not Linux, or no /proc: nothing known
        }
        return false;
    }

    /**
     * Null when this process handles Ctrl-C; otherwise why it does not, in one line: SIGINT was ignored from its start
     * ({@link #ignoredFromStart}), and whatever it starts ignores it too.
     */
    public static String ctrlCLost() {
        return ignoredFromStart("INT")
                ? "SIGINT is ignored in this process, inherited from whatever started it in the background without job"
                        + " control (e.g. '(cmd &)' in a script), and its children inherit that: Ctrl-C cannot reach"
                        + " them; run it in the foreground or from a shell with job control (set -m)"
                : null;
    }

    /** Blocks until a stop signal arrives. */
    public void await() throws InterruptedException {
        stop.await();
    }

    /** Blocks until a stop signal arrives or the time is up; true when it arrived. */
    public boolean await(long millis) throws InterruptedException {
        return stop.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Releases {@link #await} as a signal would (e.g. when the work is over). */
    public void release() {
        stop.countDown();
    }
}
