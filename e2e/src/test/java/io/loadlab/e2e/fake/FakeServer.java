package io.loadlab.e2e.fake;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsJson;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A purpose-built server for the end-to-end tests, started by the lab through {@code --server-cmd}: it answers
 * the contract's {@code /plaintext}, {@code /json}, {@code /delay}, {@code /backend} and {@code /health}, and
 * misbehaves on purpose as {@code MODE} says:
 *
 * <ul>
 *   <li>{@code ok} — behaves;
 *   <li>{@code stop-after=N} — after N requests, reads requests but never answers again (a deadlocked app);
 *   <li>{@code die-after-ms=M} — halts M ms after its first request (a crash mid-trial);
 *   <li>{@code wrong-body} — answers {@code /plaintext} with the wrong body;
 *   <li>{@code no-backend} — answers {@code /backend} without calling the backend (a cache);
 *   <li>{@code close-every=N} — closes each connection after its Nth request ({@code Connection: close}), as Tomcat's
 *       {@code maxKeepAliveRequests}, and says so in its settings;
 *   <li>{@code no-backlog} — behaves, and leaves the backlog out of its settings.
 * </ul>
 *
 * <p>Its {@code /settings} is the settings record every model announces, with what it does.
 *
 * Usage: {@code FakeServer PORT MODE [BACKEND_URL]}. One virtual thread per connection; keep-alive.
 */
public final class FakeServer {
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;
    private static final AtomicLong REQUESTS = new AtomicLong();
    private static final int BACKLOG = 1024;
    private static volatile long firstRequestNanos;

    private FakeServer() {}

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[0]);
        String mode = args[1];
        String backend = args.length > 2 ? args[2] : System.getenv("LOADLAB_BACKEND_URL");
        HttpClient client = HttpClient.newHttpClient();
        if (mode.startsWith("die-after-ms=")) {
            long ms = Long.parseLong(mode.substring(13));
            Thread t = new Thread(() -> {
                while (firstRequestNanos == 0) {
                    sleep(5);
                }
                sleep(ms);
                System.err.println("fake server: dying on purpose");
                Runtime.getRuntime().halt(137);
            });
            t.setDaemon(true);
            t.start();
        }
        try (ServerSocket ss = new ServerSocket(port, BACKLOG, InetAddress.getLoopbackAddress())) {
            System.err.println("fake server on port " + port + " mode " + mode);
            while (true) {
                Socket s = ss.accept();
                Thread.ofVirtual().start(() -> serve(s, mode, backend, client));
            }
        }
    }

    private static void serve(Socket s, String mode, String backend, HttpClient client) {
        try (s) {
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            int cap = mode.startsWith("close-every=") ? Integer.parseInt(mode.substring(12)) : Integer.MAX_VALUE;
            for (int onThis = 1; ; onThis++) {
                String line = readLine(in);
                if (line == null || line.isEmpty()) {
                    return;
                }
                int length = 0;
                boolean close = false;
                String h;
                while ((h = readLine(in)) != null && !h.isEmpty()) {
                    String lower = h.toLowerCase();
                    if (lower.startsWith("content-length:")) {
                        length = Integer.parseInt(h.substring(15).trim());
                    } else if (lower.startsWith("connection:") && lower.contains("close")) {
                        close = true;
                    }
                }
                in.readNBytes(length);
                if (firstRequestNanos == 0) {
                    firstRequestNanos = System.nanoTime();
                }
                long n = REQUESTS.incrementAndGet();
                if (mode.startsWith("stop-after=") && n > Long.parseLong(mode.substring(11))) {
                    sleep(Long.MAX_VALUE / 2_000_000); // never answer: the connection hangs
                }
                String[] parts = line.split(" ");
                boolean last = close || onThis >= cap;
                answer(out, parts[0], parts.length > 1 ? parts[1] : "/", mode, backend, client, last);
                if (last) {
                    return;
                }
            }
        } catch (IOException | RuntimeException e) {
            // connection gone
        }
    }

    private static void answer(
            OutputStream out,
            String method,
            String target,
            String mode,
            String backend,
            HttpClient client,
            boolean last)
            throws IOException {
        CLOSE.set(last);
        String path = target.contains("?") ? target.substring(0, target.indexOf('?')) : target;
        String query = target.contains("?") ? target.substring(target.indexOf('?') + 1) : "";
        boolean get = method.equals("GET");
        switch (path) {
            case "/plaintext" -> {
                if (!get) {
                    write(out, 405, "application/json", "{\"error\":\"method not allowed\"}");
                } else {
                    write(out, 200, "text/plain", mode.equals("wrong-body") ? "Hello, Moon!" : "Hello, World!");
                }
            }
            case "/json" -> write(out, 200, "application/json", "{\"message\":\"Hello, World!\"}");
            case "/health" -> write(out, 200, "application/json", "{\"status\":\"UP\"}");
            case "/settings" -> write(out, 200, "application/json", SettingsJson.write(settings(mode)));
            case "/delay" -> {
                String ms = query.startsWith("ms=") ? query.substring(3) : "";
                if (!ms.matches("\\d{1,5}")) {
                    write(out, 400, "application/json", "{\"error\":\"bad ms\"}");
                } else {
                    sleep(Long.parseLong(ms));
                    write(out, 200, "text/plain", "OK");
                }
            }
            case "/backend" -> {
                if (mode.equals("no-backend")) {
                    write(out, 200, "text/plain", "Hello, World!");
                    return;
                }
                try {
                    HttpResponse<String> r = client.send(
                            HttpRequest.newBuilder(URI.create(backend + "/hello"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    write(out, 200, "text/plain", r.body());
                } catch (IOException | InterruptedException e) {
                    write(out, 502, "application/json", "{\"error\":\"backend: " + e + "\"}");
                }
            }
            default -> write(out, 404, "application/json", "{\"error\":\"no such path\"}");
        }
    }

    /** What it runs with: the record every model announces, its keep-alive cap and backlog as its mode has them. */
    private static ServerSettings settings(String mode) {
        Limit maxRequests =
                mode.startsWith("close-every=") ? Limit.of(Long.parseLong(mode.substring(12))) : Limit.UNLIMITED;
        ServerSettings.Builder b = ServerSettings.builder("fake")
                .listening("127.0.0.1", 0)
                .software("loadlab's end-to-end fake server", "java.net.ServerSocket")
                .keepAlive(maxRequests, Limit.UNLIMITED)
                .threads(new ServerSettings.Threads("virtual-thread", Limit.UNLIMITED, 0, 1, Limit.of(0)))
                .database(new ServerSettings.Database(
                        "none", 0, Limit.of(0), ServerSettings.Transactions.PER_STATEMENT, "none", null, null))
                .backendClient(new ServerSettings.HttpClient("the JDK's HttpClient", Limit.UNLIMITED, null));
        if (!mode.equals("no-backlog")) {
            b.backlog(BACKLOG);
        }
        return b.build();
    }

    /** Whether the answer being written is the connection's last. */
    private static final ThreadLocal<Boolean> CLOSE = ThreadLocal.withInitial(() -> false);

    private static void write(OutputStream out, int status, String type, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + " X\r\nServer: fake\r\nDate: "
                + HTTP_DATE.format(ZonedDateTime.now(ZoneOffset.UTC)) + "\r\nContent-Type: " + type
                + (CLOSE.get() ? "\r\nConnection: close" : "")
                + "\r\nContent-Length: " + b.length + "\r\n\r\n";
        // one write: a head and a body written apart wait for the delayed ACK of the first (Nagle), 40 ms an answer
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[h.length + b.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(b, 0, all, h.length, b.length);
        out.write(all);
        out.flush();
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                return b.toString();
            }
            if (c != '\r') {
                b.append((char) c);
            }
        }
        return b.isEmpty() ? null : b.toString();
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
