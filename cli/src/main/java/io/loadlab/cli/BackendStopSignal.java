package io.loadlab.cli;

import java.util.concurrent.CountDownLatch;

/**
 * Turns SIGTERM and SIGINT into a normal return (so the process closes its listener, lets scheduled answers go out
 * and exits 0) instead of the JVM's default exit with status 143/130.
 */
final class BackendStopSignal {
    private final CountDownLatch stop = new CountDownLatch(1);

    private BackendStopSignal() {}

    static BackendStopSignal install() {
        BackendStopSignal s = new BackendStopSignal();
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), sig -> s.stop.countDown());
            } catch (IllegalArgumentException unsupported) {
                // the JVM keeps its default handling (shutdown hooks); the server is then stopped by them
            }
        }
        return s;
    }

    /** Blocks until a stop signal arrives. */
    void await() throws InterruptedException {
        stop.await();
    }
}
