package io.loadlab.testkit.contract;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** A test stand-in for {@code loadlab backend}: {@code GET /hello} after a delay, {@code GET /health}; 64 threads. */
public final class FakeBackend implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(64);
    private final AtomicInteger hellos = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();

    public FakeBackend(long delayMillis) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1024);
        server.setExecutor(threads);
        server.createContext("/hello", ex -> {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            hellos.incrementAndGet();
            inFlight.decrementAndGet();
            send(ex, "Hello, World!");
        });
        server.createContext("/health", ex -> send(ex, "{\"status\":\"UP\"}"));
        server.start();
    }

    private static void send(com.sun.net.httpserver.HttpExchange ex, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.US_ASCII);
        ex.getResponseHeaders().set("Content-Type", "text/plain");
        ex.sendResponseHeaders(200, b.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(b);
        }
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public int hellos() {
        return hellos.get();
    }

    /** The most {@code /hello} requests being answered at once (at most one per connection: no pipelining). */
    public int maxConcurrentHellos() {
        return maxInFlight.get();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
