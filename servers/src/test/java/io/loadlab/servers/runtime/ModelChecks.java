package io.loadlab.servers.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;
import io.loadlab.testkit.RawHttp;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Checks every model of this package set must pass on its own, beyond the shared contract suite: settings, limits,
 * start-up errors, dependencies going away, graceful stop, and — for the models that must not block — 1,000
 * concurrent delays finishing together with no stalled event loop.
 */
public abstract class ModelChecks {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static final int ATTEMPTS = 4;

    private RunningServer server;
    private FakeBackend backend;

    protected abstract ServerModel model();

    /** True when the model must never block its event loops (or timer): the concurrency and stall checks apply. */
    protected abstract boolean nonBlocking();

    protected ServerSpec.Builder spec() {
        return ServerSpec.builder(model().name()).eventLoops(2);
    }

    protected RunningServer start(ServerSpec spec) throws Exception {
        server = model().start(spec);
        return server;
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        if (backend != null) {
            backend.close();
        }
    }

    protected static HttpResponse<String> get(int port, String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void settingsArePrintedAndServedAlike() throws Exception {
        RunningServer s = start(spec().build());
        Map<String, Object> settings = s.settings();
        assertThat(settings).containsEntry("model", model().name()).containsEntry("host", "127.0.0.1");
        assertThat(settings.get("port")).isEqualTo(s.port());
        assertThat(s.port()).isPositive();
        assertThat(settings).containsKeys("pid", "jvm");
        HttpResponse<String> r = get(s.port(), "/settings");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(r.body()).isEqualTo(Json.write(settings));
    }

    @Test
    void everyAnswerCarriesTheContractHeaders() throws Exception {
        RunningServer s = start(spec().build());
        for (String path : new String[] {"/plaintext", "/json", "/delay?ms=1", "/nope", "/health"}) {
            HttpResponse<String> r = get(s.port(), path);
            assertThat(r.headers().firstValue("Server")).as(path).hasValue("loadlab");
            assertThat(r.headers().firstValue("Date")).as(path).isPresent();
            assertThat(r.headers().firstValue("Content-Type")).as(path).isPresent();
            assertThat(r.headers().firstValue("Content-Length"))
                    .as(path)
                    .hasValue(String.valueOf(r.body().length()));
        }
    }

    @Test
    void headersOver8KiBAre431AndClose() throws Exception {
        RunningServer s = start(spec().build());
        String big = "a".repeat(9_000);
        RawHttp.Answer a =
                RawHttp.exchange(s.port(), "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-Big: " + big + "\r\n\r\n");
        assertThat(a.statusLine()).startsWith("HTTP/1.").contains(" 431 ");
        assertThat(a.body()).isEqualTo("{\"error\":\"request headers larger than 8 KiB\"}");
        assertThat(a.closed()).isTrue();
    }

    @Test
    void bodyOver1MiBIs413AndCloses() throws Exception {
        RunningServer s = start(spec().build());
        RawHttp.Answer a = RawHttp.exchange(
                s.port(), "POST /zipcodes HTTP/1.1\r\nHost: x\r\nContent-Length: 1048577\r\n\r\n" + "x".repeat(1000));
        assertThat(a.statusLine()).contains(" 413 ");
        assertThat(a.body()).isEqualTo("{\"error\":\"request body larger than 1 MiB\"}");
        assertThat(a.closed()).isTrue();
    }

    @Test
    void chunkedBodyOver1MiBIs413() throws Exception {
        RunningServer s = start(spec().build());
        StringBuilder req =
                new StringBuilder("POST /zipcodes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
        String chunk = "y".repeat(65_536);
        for (int i = 0; i < 17; i++) {
            req.append("10000\r\n").append(chunk).append("\r\n");
        }
        req.append("0\r\n\r\n");
        RawHttp.Answer a = RawHttp.exchange(s.port(), req.toString());
        assertThat(a.statusLine()).contains(" 413 ");
        assertThat(a.closed()).isTrue();
    }

    @Test
    void malformedRequestIs400AndCloses() throws Exception {
        RunningServer s = start(spec().build());
        RawHttp.Answer a = RawHttp.exchange(s.port(), "THIS IS NOT HTTP\r\n\r\n");
        assertThat(a.statusLine()).contains(" 400 ");
        assertThat(a.body()).isEqualTo("{\"error\":\"malformed request\"}");
        assertThat(a.closed()).isTrue();
    }

    @Test
    void portInUseIsOneLineUserError() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> start(spec().port(taken.getLocalPort()).build()))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("in use")
                    .hasMessageContaining(String.valueOf(taken.getLocalPort()));
        }
    }

    @Test
    void unreachableBackendAtStartIsUserError() throws Exception {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0)) {
            closedPort = probe.getLocalPort();
        }
        assertThatThrownBy(() -> start(spec().backendUrl(URI.create("http://127.0.0.1:" + closedPort))
                        .build()))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("cannot reach the backend");
    }

    @Test
    void backendGoingAwayAnswers502AndTheServerStaysUp() throws Exception {
        backend = new FakeBackend(0);
        RunningServer s = start(spec().backendUrl(backend.url()).build());
        HttpResponse<String> ok = get(s.port(), "/backend");
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(ok.body()).isEqualTo("Hello, World!");
        assertThat(ok.headers().firstValue("Content-Type")).hasValue("text/plain");
        backend.close();
        backend = null;
        HttpResponse<String> gone = get(s.port(), "/backend");
        assertThat(gone.statusCode()).isEqualTo(502);
        assertThat(gone.body()).startsWith("{\"error\":\"backend: ");
        assertThat(get(s.port(), "/health").statusCode()).isEqualTo(503);
        assertThat(get(s.port(), "/plaintext").statusCode()).isEqualTo(200);
    }

    @Test
    void backendCallsBeyondTheConnectionBoundWaitForAConnection() throws Exception {
        backend = new FakeBackend(50);
        RunningServer s =
                start(spec().backendUrl(backend.url()).backendConnections(2).build());
        assertThat(s.settings()).containsEntry("backend_max_connections", 2);
        ConcurrentRequests.Result r = ConcurrentRequests.get(s.port(), "/backend", 40, Duration.ofSeconds(20));
        assertThat(r.ok()).as("statuses %s", r.statuses()).isEqualTo(40);
        assertThat(backend.maxConcurrentHellos()).isBetween(1, 2);
    }

    @Test
    void closeLetsAnInFlightRequestFinishWithinFiveSeconds() throws Exception {
        RunningServer s = start(spec().build());
        CompletableFuture<HttpResponse<String>> inFlight = HTTP.sendAsync(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + "/delay?ms=700"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        Thread.sleep(300);
        long t0 = System.nanoTime();
        s.close();
        server = null;
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        HttpResponse<String> r = inFlight.get(5, TimeUnit.SECONDS);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("OK");
        assertThat(tookMs).isLessThan(5_000);
    }

    /**
     * The non-blocking proof: 1,000 concurrent {@code /delay?ms=200} answered within 1.5 s, and no event loop late by
     * more than 100 ms while serving them. A model that blocked would need 1,000 × 200 ms / threads, and its loops
     * would be late by the length of each block. The machine running the tests may be busy (its other processes
     * delay our threads too), so up to {@link #ATTEMPTS} attempts are made and each condition must hold in at least
     * one; a model that really blocks fails both in every attempt.
     */
    @Test
    void thousandConcurrentDelaysFinishUnderOneAndAHalfSecondsWithoutStalls() throws Exception {
        assumeTrue(nonBlocking(), "only models that must not block");
        RunningServer s = start(spec().build());
        ConcurrentRequests.get(s.port(), "/delay?ms=200", 100, Duration.ofSeconds(10)); // warm up
        List<String> attempts = new ArrayList<>();
        boolean inTime = false;
        boolean noStall = false;
        for (int i = 0; i < ATTEMPTS && !(inTime && noStall); i++) {
            try (StallWatchdog watchdog = StallWatchdog.watch(((EventLoopOwner) s).eventLoops())) {
                ConcurrentRequests.Result r =
                        ConcurrentRequests.get(s.port(), "/delay?ms=200", 1_000, Duration.ofSeconds(10));
                assertThat(r.ok()).as("answers 200 of %s", r).isEqualTo(1_000);
                long late = watchdog.maxLatenessMillis();
                attempts.add(r.elapsed().toMillis() + " ms, max loop lateness " + late + " ms ("
                        + watchdog.maxWallLatenessMillis() + " ms with run-queue waits)");
                inTime |= r.elapsed().compareTo(Duration.ofMillis(1_500)) < 0;
                if (late <= 100) {
                    watchdog.assertNoStallOver(100);
                    noStall = true;
                }
            }
        }
        assertThat(inTime)
                .as("1,000 concurrent 200 ms delays answered within 1,500 ms in some attempt: %s", attempts)
                .isTrue();
        assertThat(noStall)
                .as("no event loop late over 100 ms in some attempt: %s", attempts)
                .isTrue();
    }

    /** Load on the backend path must not stall a loop either (warmed up first, so class loading is not counted). */
    @Test
    void backendCallsNeverStallTheLoops() throws Exception {
        assumeTrue(nonBlocking(), "only models that must not block");
        backend = new FakeBackend(50);
        RunningServer s = start(spec().backendUrl(backend.url()).build());
        ConcurrentRequests.get(s.port(), "/backend", 20, Duration.ofSeconds(20)); // warm up
        List<String> attempts = new ArrayList<>();
        for (int i = 0; i < ATTEMPTS; i++) {
            try (StallWatchdog watchdog = StallWatchdog.watch(((EventLoopOwner) s).eventLoops())) {
                ConcurrentRequests.Result r = ConcurrentRequests.get(s.port(), "/backend", 200, Duration.ofSeconds(20));
                assertThat(r.ok()).as("answers 200 of %s", r).isEqualTo(200);
                long late = watchdog.maxLatenessMillis();
                attempts.add("max loop lateness " + late + " ms (" + watchdog.maxWallLatenessMillis()
                        + " ms with run-queue waits)");
                if (late <= 100) {
                    watchdog.assertNoStallOver(100);
                    return;
                }
            }
        }
        throw new AssertionError("an event loop stalled over 100 ms in every attempt: " + attempts);
    }

    @Test
    void zipcodeCallsNeverStallTheLoops() throws Exception {
        assumeTrue(nonBlocking(), "only models that must not block");
        RunningPostgres pg = SharedPostgres.get();
        RunningServer s = start(
                spec().db(pg.jdbcUrl(), pg.user(), pg.password()).dbPool(4).build());
        String zip = String.format("%05d", 10_000 + (model().name().hashCode() & 0x7fff) % 80_000);
        String row = "{\"zip\":\"" + zip + "\",\"type\":\"STANDARD\",\"city\":\"Springfield\",\"state\":\"IL\","
                + "\"county\":\"Sangamon\",\"timezone\":\"America/Chicago\"}";
        HttpResponse<String> posted = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + "/zipcodes"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(row))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(posted.statusCode()).isIn(200, 201);
        ConcurrentRequests.get(s.port(), "/zipcodes/" + zip, 20, Duration.ofSeconds(20)); // warm up
        List<String> attempts = new ArrayList<>();
        for (int i = 0; i < ATTEMPTS; i++) {
            try (StallWatchdog watchdog = StallWatchdog.watch(((EventLoopOwner) s).eventLoops())) {
                ConcurrentRequests.Result r =
                        ConcurrentRequests.get(s.port(), "/zipcodes/" + zip, 200, Duration.ofSeconds(20));
                assertThat(r.ok()).as("answers 200 of %s", r).isEqualTo(200);
                long late = watchdog.maxLatenessMillis();
                attempts.add("max loop lateness " + late + " ms (" + watchdog.maxWallLatenessMillis()
                        + " ms with run-queue waits)");
                if (late <= 100) {
                    watchdog.assertNoStallOver(100);
                    return;
                }
            }
        }
        throw new AssertionError("an event loop stalled over 100 ms in every attempt: " + attempts);
    }

    /** A backend slower than {@code Defaults.TIMEOUT} (10 s) is answered 502 {@code backend: timed out}. Slow. */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void aBackendSlowerThanTheTimeoutIs502TimedOut() throws Exception {
        backend = new FakeBackend(io.loadlab.core.Defaults.TIMEOUT.toMillis() + 3_000);
        RunningServer s = start(spec().backendUrl(backend.url()).build());
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + "/backend"))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(r.body()).isEqualTo("{\"error\":\"backend: timed out\"}");
    }
}
