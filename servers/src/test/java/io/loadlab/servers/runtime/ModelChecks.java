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
import io.loadlab.testkit.QuietHost;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.FakeBackend;
import io.loadlab.testkit.contract.RestartRows;
import io.loadlab.testkit.contract.SharedPostgres;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Checks every model of this package set must pass on its own, beyond the contract rows that every server passes
 * (testkit's {@code ContractRows}): settings, start-up errors, the backend connection bound, and — for the models
 * that must not block — 1,000 concurrent delays finishing together with no stalled event loop.
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

    /** The contract rows that stop the server or take its backend away, for this model's spec. */
    @TestFactory
    Stream<DynamicTest> restartRows() {
        return RestartRows.of(this::launch).stream()
                .map(r -> DynamicTest.dynamicTest(r.name(), () -> r.check().run(null)));
    }

    private ContractTarget launch(FakeBackend backend, RunningPostgres db) throws Exception {
        ServerSpec.Builder b = spec();
        if (backend != null) {
            b.backendUrl(backend.url());
        }
        if (db != null) {
            b.db(db.jdbcUrl(), db.user(), db.password());
        }
        RunningServer s = model().start(b.build());
        return ContractTarget.inProcess(model().name(), s.port(), backend, db, s::close);
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
    void backendCallsBeyondTheConnectionBoundWaitForAConnection() throws Exception {
        backend = new FakeBackend(50);
        RunningServer s =
                start(spec().backendUrl(backend.url()).backendConnections(2).build());
        assertThat(s.settings()).containsEntry("backend_max_connections", 2);
        ConcurrentRequests.Result r = ConcurrentRequests.get(s.port(), "/backend", 40, Duration.ofSeconds(20));
        assertThat(r.ok()).as("statuses %s", r.statuses()).isEqualTo(40);
        assertThat(backend.maxConcurrentHellos()).isBetween(1, 2);
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
        QuietHost.holds("1,000 concurrent 200 ms delays answered within 1.5 s, no event loop 100 ms late", () -> {
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
        });
    }

    /** Load on the backend path must not stall a loop either (warmed up first, so class loading is not counted). */
    @Test
    void backendCallsNeverStallTheLoops() throws Exception {
        QuietHost.holds("no event loop 100 ms late while serving backend calls", () -> {
            assumeTrue(nonBlocking(), "only models that must not block");
            backend = new FakeBackend(50);
            RunningServer s = start(spec().backendUrl(backend.url()).build());
            ConcurrentRequests.get(s.port(), "/backend", 20, Duration.ofSeconds(20)); // warm up
            List<String> attempts = new ArrayList<>();
            for (int i = 0; i < ATTEMPTS; i++) {
                try (StallWatchdog watchdog = StallWatchdog.watch(((EventLoopOwner) s).eventLoops())) {
                    ConcurrentRequests.Result r =
                            ConcurrentRequests.get(s.port(), "/backend", 200, Duration.ofSeconds(20));
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
        });
    }

    @Test
    void zipcodeCallsNeverStallTheLoops() throws Exception {
        QuietHost.holds("no event loop 100 ms late while serving database calls", () -> {
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
        });
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
