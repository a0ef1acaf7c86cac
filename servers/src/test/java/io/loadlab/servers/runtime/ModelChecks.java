package io.loadlab.servers.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsJson;
import io.loadlab.core.settings.SettingsReader;
import io.loadlab.core.settings.SettingsSchema;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.FakeBackend;
import io.loadlab.testkit.contract.RestartRows;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
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
    protected static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** Attempts a check that a busy host can spoil gets; a real defect fails every one. */
    protected static final int ATTEMPTS = 4;

    private RunningServer server;
    private FakeBackend backend;

    protected abstract ServerModel model();

    protected ServerSpec.Builder spec() {
        return ServerSpec.builder(model().name()).eventLoops(2);
    }

    /** Keeps {@code b} to close after the test. */
    protected FakeBackend backend(FakeBackend b) {
        backend = b;
        return b;
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
        ServerSettings settings = s.settings();
        assertThat(settings.model()).isEqualTo(model().name());
        assertThat(settings.host()).isEqualTo("127.0.0.1");
        assertThat(settings.port()).isEqualTo(s.port());
        assertThat(s.port()).isPositive();
        assertThat(settings.pid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(SettingsSchema.missing(settings))
                .as("fields the settings record requires")
                .isEmpty();
        HttpResponse<String> r = get(s.port(), "/settings");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(r.body()).isEqualTo(SettingsJson.write(settings));
        assertThat(SettingsReader.read(r.body())).isEqualTo(settings);
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
        assertThat(s.settings().backendClient().maxConnections()).isEqualTo(Limit.of(2));
        ConcurrentRequests.Result r = ConcurrentRequests.get(s.port(), "/backend", 40, Duration.ofSeconds(20));
        assertThat(r.ok()).as("statuses %s", r.statuses()).isEqualTo(40);
        assertThat(backend.maxConcurrentHellos()).isBetween(1, 2);
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
