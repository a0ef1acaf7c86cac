package io.loadlab.cli;

import sun.misc.Signal;

/**
 * SIGTERM and SIGINT as a request to stop, so that {@code loadlab serve} closes gracefully and exits 0 rather than
 * with the JVM's 143/130.
 */
final class ServeSignals {
    private ServeSignals() {}

    static void onStop(Runnable stop) {
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), sig -> stop.run());
            } catch (IllegalArgumentException unavailable) {
                // the JVM reserves this signal here (e.g. -Xrs): the shutdown hook still stops the server
            }
        }
    }
}
