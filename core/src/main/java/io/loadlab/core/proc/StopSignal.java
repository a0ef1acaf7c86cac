package io.loadlab.core.proc;

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
