package io.loadlab.e2e.fake;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A backend of small capacity for the DEPENDENCY_BOUND test: one thread that burns {@code CPU_MS} of CPU per
 * {@code /hello}, so a few connections keep it 100% busy. Prints the backend's JSON line like {@code loadlab
 * backend}. Usage: {@code FakeBackend CPU_MS}.
 */
public final class FakeBackend {
    private static final AtomicLong ANSWERED = new AtomicLong();

    private FakeBackend() {}

    public static void main(String[] args) throws IOException {
        long cpuNanos = Long.parseLong(args[0]) * 1_000_000L;
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(Executors.newSingleThreadExecutor());
        server.createContext("/hello", ex -> {
            long end = System.nanoTime() + cpuNanos;
            long x = 0;
            while (System.nanoTime() < end) {
                x += x * 31 + 7;
            }
            ANSWERED.incrementAndGet();
            send(ex, "text/plain", x == 42 ? "Hello, World?" : "Hello, World!");
        });
        server.createContext("/stats", ex -> send(ex, "application/json", "{\"requests\":" + ANSWERED.get() + "}"));
        server.createContext("/health", ex -> send(ex, "application/json", "{\"status\":\"UP\"}"));
        server.start();
        System.out.println("{\"service\":\"backend\",\"host\":\"127.0.0.1\",\"port\":"
                + server.getAddress().getPort() + ",\"pid\":"
                + ProcessHandle.current().pid() + ",\"delay_ms\":0}");
        System.out.flush();
    }

    private static void send(HttpExchange ex, String type, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", type);
        ex.sendResponseHeaders(200, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }
}
