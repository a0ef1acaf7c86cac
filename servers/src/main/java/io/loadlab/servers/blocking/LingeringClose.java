package io.loadlab.servers.blocking;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;

/**
 * Closes a connection after a final answer without the answer being lost: FIN now, then a moment later the bytes
 * the client still sent are discarded and the socket closed. Closing at once with unread request bytes would send a
 * reset, and a reset can discard the answer before the client reads it. The wait happens on one shared timer
 * thread, never on the thread that serves (or accepts) connections.
 */
final class LingeringClose {
    private static final long DELAY_MS = 200;
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("lingering-close").daemon().factory());

    private LingeringClose() {}

    /** Sends FIN now and closes {@code s} shortly; never blocks. */
    static void close(Socket s) {
        if (s instanceof SSLSocket) {
            BlockingConnection.closeQuietly(s); // TLS has no half-close: close_notify, then close
            return;
        }
        try {
            s.shutdownOutput();
            TIMER.schedule(() -> drainAndClose(s), DELAY_MS, TimeUnit.MILLISECONDS);
        } catch (IOException | RejectedExecutionException e) {
            BlockingConnection.closeQuietly(s);
        }
    }

    private static void drainAndClose(Socket s) {
        try {
            InputStream in = s.getInputStream();
            int n;
            while ((n = in.available()) > 0) {
                in.skipNBytes(n);
            }
        } catch (IOException ignored) {
            // closing anyway
        }
        BlockingConnection.closeQuietly(s);
    }
}
