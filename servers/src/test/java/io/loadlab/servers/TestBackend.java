package io.loadlab.servers;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A slow backend for the contract tests with the backend's contract: {@code GET /hello} answers {@code Hello,
 * World!} after a delay without holding a thread, {@code GET /health} answers 200.
 */
final class TestBackend implements AutoCloseable {
    private final HttpServer server;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

    TestBackend(int delayMs) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1024);
        server.setExecutor(Executors.newSingleThreadExecutor());
        server.createContext(
                "/hello",
                ex -> timer.schedule(
                        () -> {
                            byte[] body = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
                            ex.getResponseHeaders().set("Content-Type", "text/plain");
                            try (OutputStream out = ex.getResponseBody()) {
                                ex.sendResponseHeaders(200, body.length);
                                out.write(body);
                            } catch (IOException ignored) {
                                // the client went away
                            }
                        },
                        delayMs,
                        TimeUnit.MILLISECONDS));
        server.createContext("/health", ex -> {
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        server.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void close() {
        server.stop(0);
        timer.shutdownNow();
    }
}
