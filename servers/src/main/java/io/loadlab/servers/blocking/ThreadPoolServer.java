package io.loadlab.servers.blocking;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.http.Contract;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The RxJava book's ThreadPool server: a fixed pool of {@code threads} with a bounded queue of {@code queue}
 * connections. A task is a whole keep-alive connection, served until it closes, so at most {@code threads} clients
 * are served at once and the next {@code queue} wait. When the queue is full the accept thread itself answers 503
 * with {@code Connection: close} at once and closes: the pool fails fast instead of letting latency grow.
 */
final class ThreadPoolServer extends BlockingServer {
    private static final byte[] OVERLOADED = Contract.errorBody(Contract.OVERLOADED);

    private final ThreadPoolExecutor pool;

    ThreadPoolServer(ServerSpec spec) {
        super(checked(spec));
        pool = new ThreadPoolExecutor(
                spec.threads(),
                spec.threads(),
                0,
                TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(spec.queue()),
                Thread.ofPlatform().name("pool-", 0).factory(),
                new ThreadPoolExecutor.AbortPolicy());
    }

    /** Checked before the port is bound, so that a refused spec leaves nothing open. */
    private static ServerSpec checked(ServerSpec spec) {
        if (spec.threads() < 1 || spec.queue() < 1) {
            throw new IllegalArgumentException(
                    ConcurrencyModel.THREAD_POOL.id() + " needs --threads and --queue of at least 1");
        }
        return spec;
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
     * Writes the 503 from the accept thread (a fresh socket's send buffer takes it without blocking) and closes
     * without losing it to a reset.
     */
    private static void reject(Socket s) {
        try {
            new HttpResponseWriter(new BufferedOutputStream(s.getOutputStream(), 512))
                    .write(503, true, OVERLOADED, null, HttpResponseWriter.Conn.SHED);
            LingeringClose.close(s);
        } catch (IOException e) {
            BlockingConnection.closeQuietly(s);
        }
    }

    @Override
    void stopThreads(long deadlineNanos) {
        pool.shutdownNow();
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
    void modelSettings(ServerSettings.Builder b) {
        b.threads(new ServerSettings.Threads("pool", Limit.of(spec.threads()), 0, ACCEPT_THREADS, Limit.of(0)))
                .own("queue", spec.queue())
                .own("task", "a whole keep-alive connection")
                .own("on_queue_full", "503 + Connection: close from the accept thread");
    }
}
