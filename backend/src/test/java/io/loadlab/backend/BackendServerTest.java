package io.loadlab.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import io.loadlab.testkit.QuietHost;
import io.loadlab.testkit.RawHttp;
import io.loadlab.transport.NettyTransport;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BackendServerTest {
    private RunningBackend backend;

    @AfterEach
    void stop() {
        if (backend != null) {
            backend.close();
        }
    }

    private RunningBackend start(long delayMs) {
        backend = BackendServer.start(BackendSpec.defaults().withDelay(Duration.ofMillis(delayMs)));
        return backend;
    }

    @Test
    void helloAnswersAfterTheDelayWithTheContractHeaders() throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        start(150);
        try (RawHttp c = new RawHttp(backend.port())) {
            long t0 = System.nanoTime();
            RawHttp.Response r = c.get("/hello");
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertThat(ms).isGreaterThanOrEqualTo(150);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.text()).isEqualTo("Hello, World!");
            assertThat(r.header("Server")).isEqualTo("loadlab");
            assertThat(r.header("Content-Type")).isEqualTo("text/plain");
            assertThat(r.header("Content-Length")).isEqualTo("13");
            assertThat(r.header("Date")).matches("[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT");
            assertThat(r.header("Connection")).isNull();
            // keep-alive: the same connection serves the next request; the query overrides the delay
            long t1 = System.nanoTime();
            assertThat(c.get("/hello?delay_ms=0").text()).isEqualTo("Hello, World!");
            long undelayed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t1);
            host.holds(
                    "an undelayed answer on a kept-alive connection within 150 ms",
                    () -> assertThat(undelayed).isLessThan(150));
            assertThat(c.get("/hello?x=1&delay_ms=1").status()).isEqualTo(200);
        }
    }

    /** io_uring, epoll or NIO: it answers on the one it is given, or names the fallback and why. */
    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void answersOnTheTransportItIsGiven(NettyTransport t) throws Exception {
        backend = BackendServer.start(
                BackendSpec.defaults().withDelay(Duration.ofMillis(1)).withTransport(t));
        NettyTransport.Choice c = t.resolve();
        assertThat(backend.transport()).isEqualTo(c.runs().id());
        assertThat(backend.transportNote()).isEqualTo(c.note());
        try (RawHttp h = new RawHttp(backend.port())) {
            assertThat(h.get("/hello").text()).isEqualTo("Hello, World!");
            assertThat(h.get("/hello").text()).as("kept alive").isEqualTo("Hello, World!");
        }
    }

    @Test
    void delaysDoNotHoldTheThread() throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        Set<Thread> before = loopThreads();
        start(300);
        int n = 100;
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest req =
                HttpRequest.newBuilder(backend.url().resolve("/hello")).build();
        long t0 = System.nanoTime();
        List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(client.sendAsync(req, HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> f : all) {
            assertThat(f.get(20, TimeUnit.SECONDS).body()).isEqualTo("Hello, World!");
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        // one thread sleeping 300 ms per request would need 30 s
        host.holds(
                "100 concurrent 300 ms delays answered within 10 s",
                () -> assertThat(ms).isLessThan(10_000));
        assertThat(backend.requests()).isEqualTo(n);
        Set<Thread> loops = loopThreads();
        loops.removeAll(before);
        assertThat(loops).hasSize(1);
    }

    private static Set<Thread> loopThreads() {
        Set<Thread> s = new HashSet<>(Thread.getAllStackTraces().keySet());
        s.removeIf(t -> !t.getName().startsWith("backend-loop"));
        return s;
    }

    @Test
    void statsCountsAnsweredHellos() throws Exception {
        start(0);
        try (RawHttp c = new RawHttp(backend.port())) {
            for (int i = 0; i < 7; i++) {
                c.get("/hello");
            }
            c.get("/health");
            c.get("/nope");
            RawHttp.Response stats = c.get("/stats");
            assertThat(stats.status()).isEqualTo(200);
            assertThat(stats.header("Content-Type")).isEqualTo("application/json");
            assertThat(stats.text())
                    .startsWith("{\"requests\":7,\"in_flight\":0,\"peak_in_flight\":1,\"mean_in_flight\":");
        }
        assertThat(backend.requests()).isEqualTo(7);
    }

    @Test
    void statsTellHowManyCallsWereInFlightAtOnceSinceTheLastReset() throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        start(300);
        List<RawHttp> clients = new ArrayList<>();
        try (RawHttp stats = new RawHttp(backend.port())) {
            stats.get("/stats?reset=1");
            for (int i = 0; i < 10; i++) {
                RawHttp c = new RawHttp(backend.port());
                clients.add(c);
                c.send("GET /hello HTTP/1.1\r\n\r\n");
            }
            for (RawHttp c : clients) {
                assertThat(c.read().text()).isEqualTo("Hello, World!");
            }
            Map<String, Object> s =
                    Json.mapper().readValue(stats.get("/stats?reset=1").text(), new TypeReference<>() {});
            assertThat(s.get("requests")).isEqualTo(10);
            assertThat(s.get("in_flight")).isEqualTo(0);
            assertThat(s.get("peak_in_flight")).isEqualTo(10);
            // 10 calls for ~300 ms each within a window of a little more than 300 ms
            host.holds(
                    "10 calls of 300 ms in flight together over a window of a little more than 300 ms",
                    () -> assertThat(((Number) s.get("mean_in_flight")).doubleValue())
                            .isBetween(3.0, 10.0));
            Map<String, Object> after =
                    Json.mapper().readValue(stats.get("/stats").text(), new TypeReference<>() {});
            assertThat(after.get("peak_in_flight"))
                    .as("the reset starts a new window")
                    .isEqualTo(0);
        } finally {
            for (RawHttp c : clients) {
                c.close();
            }
        }
    }

    @Test
    void gcCollectsTheGarbageNowAndSaysWhatItFreed() throws Exception {
        start(0);
        try (RawHttp c = new RawHttp(backend.port())) {
            long before = collections();
            RawHttp.Response r = c.get("/gc");
            assertThat(r.status()).isEqualTo(200);
            assertThat(collections()).as("a collection ran").isGreaterThan(before);
            Map<String, Object> body = Json.mapper().readValue(r.text(), new TypeReference<>() {});
            assertThat(body).containsOnlyKeys("heap_used_before", "heap_used_after", "gc_ms");
            assertThat(((Number) body.get("gc_ms")).longValue()).isNotNegative();
            assertThat(c.get("/hello").status()).isEqualTo(200);
        }
    }

    private static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    @Test
    void errorsAndRoutes() throws Exception {
        start(0);
        try (RawHttp c = new RawHttp(backend.port())) {
            assertThat(c.get("/health").status()).isEqualTo(200);
            RawHttp.Response nf = c.get("/nope");
            assertThat(nf.status()).isEqualTo(404);
            assertThat(nf.text()).contains("\"error\"");
            assertThat(c.get("/hello?delay_ms=abc").status()).isEqualTo(400);
            assertThat(c.get("/hello?delay_ms=60001").status()).isEqualTo(400);
            RawHttp.Response post = c.send("POST /hello HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi")
                    .read();
            assertThat(post.status()).isEqualTo(405);
            assertThat(post.header("Allow")).isEqualTo("GET");
            assertThat(c.get("/hello").status()).isEqualTo(200); // still usable after the errors above
        }
        try (RawHttp c = new RawHttp(backend.port())) {
            RawHttp.Response bad = c.send("THIS IS NOT HTTP\r\n\r\n").read();
            assertThat(bad.status()).isEqualTo(400);
            assertThat(bad.header("Connection")).isEqualTo("close");
            assertThat(c.closedByServer()).isTrue();
        }
        try (RawHttp c = new RawHttp(backend.port())) {
            RawHttp.Response big = c.send("GET /hello HTTP/1.1\r\nX: " + "a".repeat(9000) + "\r\n\r\n")
                    .read();
            assertThat(big.status()).isEqualTo(431);
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void connectionHandling() throws Exception {
        start(0);
        try (RawHttp c = new RawHttp(backend.port())) {
            RawHttp.Response r =
                    c.send("GET /hello HTTP/1.1\r\nConnection: close\r\n\r\n").read();
            assertThat(r.header("Connection")).isEqualTo("close");
            assertThat(c.closedByServer()).isTrue();
        }
        try (RawHttp c = new RawHttp(backend.port())) {
            c.send("GET /hello HTTP/1.0\r\n\r\n").read();
            assertThat(c.closedByServer()).isTrue();
        }
        try (RawHttp c = new RawHttp(backend.port())) {
            RawHttp.Response r = c.send("GET /hello HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
                    .read();
            assertThat(r.header("Connection")).isEqualTo("keep-alive");
            assertThat(c.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                            .read()
                            .status())
                    .isEqualTo(200);
        }
    }

    @Test
    void aRequestThatArrivesInPiecesAndBodiesBeforeTheNextRequestAreReadWhole() throws Exception {
        start(0);
        try (RawHttp c = new RawHttp(backend.port())) {
            // a head cut in the middle of a header line, then one cut after its request line
            c.send("GET /hello HTTP/1.1\r\nHo");
            Thread.sleep(50);
            c.send("st: x\r\n\r\nGET /health HTTP/1.1\r\n");
            Thread.sleep(50);
            c.send("\r\n");
            assertThat(c.read().text()).isEqualTo("Hello, World!");
            assertThat(c.read().text()).isEqualTo("{\"status\":\"UP\"}");
            // a chunked body, its last chunk in a later write: answered 405, then the connection goes on
            c.send("POST /hello HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nab");
            Thread.sleep(50);
            c.send("cd\r\n0\r\n\r\nGET /hello HTTP/1.1\r\n\r\n");
            assertThat(c.read().status()).isEqualTo(405);
            assertThat(c.read().text()).isEqualTo("Hello, World!");
            assertThat(c.get("/stats").text()).startsWith("{\"requests\":2,");
        }
    }

    @Test
    void pipelinedAnswersKeepRequestOrderWhateverTheirDelays() throws Exception {
        start(0);
        try (RawHttp c = new RawHttp(backend.port())) {
            long t0 = System.nanoTime();
            c.send("GET /hello?delay_ms=200 HTTP/1.1\r\n\r\n"
                    + "GET /health HTTP/1.1\r\n\r\n"
                    + "GET /hello?delay_ms=50 HTTP/1.1\r\n\r\n"
                    + "GET /hello HTTP/1.1\r\n\r\n");
            assertThat(c.read().text()).isEqualTo("Hello, World!");
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isGreaterThanOrEqualTo(200);
            assertThat(c.read().text()).isEqualTo("{\"status\":\"UP\"}");
            assertThat(c.read().text()).isEqualTo("Hello, World!");
            assertThat(c.read().text()).isEqualTo("Hello, World!");
            assertThat(c.get("/stats").text()).startsWith("{\"requests\":3,\"in_flight\":0,\"peak_in_flight\":3,");
        }
    }

    /**
     * Answers are pre-encoded, their {@code Date} rewritten when the second changes: an answer carries the second it
     * leaves in, even when the second changed while it waited, and so does one that waited behind it.
     */
    @Test
    void anAnswerCarriesTheDateOfTheSecondItLeavesIn() throws Exception {
        start(0);
        DateTimeFormatter http = DateTimeFormatter.RFC_1123_DATE_TIME;
        try (RawHttp c = new RawHttp(backend.port())) {
            RawHttp.Response before = c.get("/hello");
            c.send("GET /hello?delay_ms=1100 HTTP/1.1\r\n\r\nGET /health HTTP/1.1\r\n\r\n");
            RawHttp.Response delayed = c.read();
            RawHttp.Response behind = c.read();
            RawHttp.Response after = c.get("/hello");
            assertThat(List.of(before.text(), delayed.text(), behind.text(), after.text()))
                    .containsExactly("Hello, World!", "Hello, World!", "{\"status\":\"UP\"}", "Hello, World!");
            Instant first = Instant.from(http.parse(before.header("Date")));
            Instant late = Instant.from(http.parse(delayed.header("Date")));
            assertThat(late).isAfter(first); // 1.1 s later is always a later second
            Instant next = Instant.from(http.parse(behind.header("Date"))); // written right after it, in one drain
            assertThat(next).isAfterOrEqualTo(late);
            assertThat(Instant.from(http.parse(after.header("Date")))).isAfterOrEqualTo(next);
        }
    }

    @Test
    void portInUseIsAUserErrorThatSaysWhatToDo() {
        start(0);
        int taken = backend.port();
        assertThatThrownBy(() -> BackendServer.start(BackendSpec.defaults().withPort(taken)))
                .isInstanceOf(UserError.class)
                .hasMessage("port " + taken + " is in use; choose another with --port or 0 for a free one");
    }

    @Test
    void closeLetsScheduledAnswersGoOut() throws Exception {
        start(400);
        HttpClient client = HttpClient.newHttpClient();
        CompletableFuture<HttpResponse<String>> pending = client.sendAsync(
                HttpRequest.newBuilder(URI.create(backend.url() + "/hello")).build(),
                HttpResponse.BodyHandlers.ofString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (((BackendServer) backend).pendingForTest() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        backend.close();
        assertThat(pending.get(5, TimeUnit.SECONDS).body()).isEqualTo("Hello, World!");
        assertThat(backend.requests()).isEqualTo(1);
    }
}
