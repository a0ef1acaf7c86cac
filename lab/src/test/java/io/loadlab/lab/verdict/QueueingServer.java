package io.loadlab.lab.verdict;

import io.loadlab.backend.DelaySchedule;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A fake server of known capacity for the metastability tests: ONE worker thread serves an unbounded FIFO queue of
 * requests, each taking the service time its {@link DelaySchedule} gives at that moment (the dependency it waits on
 * slows down and recovers). Connections are read by virtual threads that only enqueue. With {@code dropExpired} the
 * worker drops a request that waited longer than {@code deadlineMs} without serving it; otherwise it serves every
 * request, whether or not its client is still there.
 */
final class QueueingServer implements AutoCloseable {
    private static final byte[] OK =
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nOK".getBytes(StandardCharsets.US_ASCII);

    private record Job(OutputStream out, long arrived) {}

    private final ServerSocket listener;
    private final ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor();
    private final LinkedBlockingQueue<Job> queue = new LinkedBlockingQueue<>();
    private final Thread worker;
    private final DelaySchedule service;
    private final boolean dropExpired;
    private final long deadlineNanos;
    private final long start = System.nanoTime();
    private volatile boolean closed;

    QueueingServer(DelaySchedule service, boolean dropExpired, long deadlineMs) throws IOException {
        this.service = service;
        this.dropExpired = dropExpired;
        this.deadlineNanos = TimeUnit.MILLISECONDS.toNanos(deadlineMs);
        this.listener = new ServerSocket(0, 4096, InetAddress.getLoopbackAddress());
        this.worker =
                Thread.ofPlatform().daemon().name("queueing-server-worker").start(this::serve);
        readers.submit(this::accept);
    }

    String url() {
        return "http://127.0.0.1:" + listener.getLocalPort() + "/";
    }

    private void accept() {
        while (!closed) {
            try {
                Socket s = listener.accept();
                s.setTcpNoDelay(true);
                readers.submit(() -> read(s));
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Enqueues each request of the connection (the load generator never pipelines). */
    private void read(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            while (!closed && endOfHeaders(in)) {
                queue.add(new Job(out, System.nanoTime()));
            }
        } catch (IOException gone) {
            // the client closed the connection: its queued requests are still served (or dropped) by the worker
        }
    }

    private static boolean endOfHeaders(InputStream in) throws IOException {
        int matched = 0;
        int b;
        while ((b = in.read()) >= 0) {
            matched = (b == '\r' && matched % 2 == 0) || (b == '\n' && matched % 2 == 1) ? matched + 1 : 0;
            if (matched == 4) {
                return true;
            }
        }
        return false;
    }

    private void serve() {
        while (!closed) {
            try {
                Job j = queue.poll(100, TimeUnit.MILLISECONDS);
                if (j == null) {
                    continue;
                }
                long now = System.nanoTime();
                if (dropExpired && now - j.arrived() > deadlineNanos) {
                    continue;
                }
                Thread.sleep(service.delayMs(now - start));
                try {
                    synchronized (j.out()) {
                        j.out().write(OK);
                        j.out().flush();
                    }
                } catch (IOException gone) {
                    // served for a client that had left: the work is lost
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
        worker.interrupt();
        readers.shutdownNow();
    }
}
