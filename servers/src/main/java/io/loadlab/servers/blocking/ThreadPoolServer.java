package io.loadlab.servers.blocking;

import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.http.Contract;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The RxJava book's ThreadPool server: a fixed pool of {@code threads} with a bounded queue of {@code queue}
 * connections. A task is a whole keep-alive connection, served until it closes, so at most {@code threads} clients
 * are served at once and the next {@code queue} wait. When the queue is full the accept thread itself answers 503
 * with {@code Connection: close} at once and closes: the pool fails fast instead of letting latency grow.
 */
final class ThreadPoolServer extends BlockingServer {
    private static final long REJECT_CLOSE_DELAY_MS = 200;
    private static final byte[] OVERLOADED = Contract.errorBody(Contract.OVERLOADED);

    private final ThreadPoolExecutor pool;
    private final ScheduledExecutorService closer;

    ThreadPoolServer(ServerSpec spec) {
        super(spec);
        if (spec.threads() < 1 || spec.queue() < 1) {
            throw new IllegalArgumentException("thread-pool needs --threads and --queue of at least 1");
        }
        pool = new ThreadPoolExecutor(
                spec.threads(),
                spec.threads(),
                0,
                TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(spec.queue()),
                Thread.ofPlatform().name("pool-", 0).factory(),
                new ThreadPoolExecutor.AbortPolicy());
        closer = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("reject-closer").daemon().factory());
    }

    @Override
    void dispatch(BlockingConnection c) {
        try {
            pool.execute(c);
        } catch (RejectedExecutionException e) {
            rejected(c);
            reject(c.socket());
        }
    }

    /**
     * Writes the 503 from the accept thread (a fresh socket's send buffer takes it without blocking), sends FIN,
     * and closes a moment later after discarding what the client sent, so the answer is not lost to a reset.
     */
    private void reject(Socket s) {
        try {
            new HttpResponseWriter(new BufferedOutputStream(s.getOutputStream(), 512))
                    .write(503, true, OVERLOADED, null, HttpResponseWriter.Conn.CLOSE);
            s.shutdownOutput();
            closer.schedule(() -> drainAndClose(s), REJECT_CLOSE_DELAY_MS, TimeUnit.MILLISECONDS);
        } catch (IOException | RejectedExecutionException e) {
            BlockingConnection.closeQuietly(s);
        }
    }

    private static void drainAndClose(Socket s) {
        try {
            var in = s.getInputStream();
            int n;
            while ((n = in.available()) > 0) {
                in.skipNBytes(n);
            }
        } catch (IOException ignored) {
            // closing anyway
        }
        BlockingConnection.closeQuietly(s);
    }

    @Override
    void stopThreads(long deadlineNanos) {
        pool.shutdownNow();
        closer.shutdownNow();
        try {
            pool.awaitTermination(Math.max(1, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    int backendMaxIdle() {
        return spec.threads();
    }

    @Override
    Map<String, Object> modelSettings() {
        return map(
                "threads",
                spec.threads(),
                "queue",
                spec.queue(),
                "task",
                "a whole keep-alive connection",
                "on_queue_full",
                "503 + Connection: close from the accept thread");
    }
}
