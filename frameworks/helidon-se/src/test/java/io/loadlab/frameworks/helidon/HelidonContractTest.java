package io.loadlab.frameworks.helidon;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsReader;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.testkit.RawHttp;
import io.loadlab.testkit.contract.ContractAssertions;
import io.loadlab.testkit.contract.ContractHttp;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.ContractTests;
import io.loadlab.testkit.contract.FakeBackend;
import io.loadlab.testkit.contract.SharedApp;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every contract row against the Helidon SE application, in this JVM, but one: Helidon SE 4 does not speak HTTP/1.0
 * (its HTTP/1 connection takes only a first line ending in {@code HTTP/1.1}), so the keep-alive row's HTTP/1.0 part
 * cannot pass; its HTTP/1.1 part (150 requests on one connection included) runs here, and HTTP/1.0 is shown to get a
 * JSON 505 and a closed connection.
 */
@Timeout(120)
class HelidonContractTest {
    private static final String HTTP_10_ROW = "keeps connections alive and honours close";

    @RegisterExtension
    static final SharedApp APP = new SharedApp(HelidonContractTest::launch);

    static ContractTarget launch(FakeBackend backend, RunningPostgres db) throws Exception {
        HelidonApplication started =
                HelidonApplication.start(new AppEnv(
                        ContractTests.environment(backend, db, Map.of("LOADLAB_HTTP_CLIENT_CONNECTIONS", "64"))));
        return ContractTarget.inProcess(started.model(), started.port(), backend, db, started);
    }

    @TestFactory
    Stream<DynamicTest> contract() {
        return ContractTests.rows(APP.target()).filter(t -> !t.getDisplayName().equals(HTTP_10_ROW));
    }

    @Test
    void keepsHttp11ConnectionsAliveAndHonoursClose() throws Exception {
        try (RawHttp c = new RawHttp(APP.target().port())) {
            for (int i = 0; i < 3; i++) {
                RawHttp.Response r = c.send(RawHttp.get("/plaintext", "")).read();
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.header("Connection")).isNull();
            }
            c.send(RawHttp.get("/json", "") + RawHttp.get("/delay?ms=1", ""));
            assertThat(c.read().text()).isEqualTo("{\"message\":\"Hello, World!\"}");
            assertThat(c.read().text()).isEqualTo("OK");
            assertThat(c.openAfter(200)).isTrue();
        }
        try (RawHttp c = new RawHttp(APP.target().port())) { // no cap on the requests a connection serves
            for (int i = 0; i < 150; i++) {
                RawHttp.Response r = c.send(RawHttp.get("/plaintext", "")).read();
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.header("Connection")).as("answer " + (i + 1) + " on one connection").isNull();
            }
            assertThat(c.openAfter(200)).as("open after 150 requests").isTrue();
        }
        try (RawHttp c = new RawHttp(APP.target().port())) {
            RawHttp.Response r = c.send(RawHttp.get("/plaintext", "Connection: close\r\n")).read();
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("Connection")).isEqualToIgnoringCase("close");
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void http10IsRefusedWithJsonAndClosed() throws Exception {
        try (RawHttp c = new RawHttp(APP.target().port())) {
            RawHttp.Response r = c.send("GET /plaintext HTTP/1.0\r\n\r\n").read();
            assertThat(r.status()).isEqualTo(505);
            ContractAssertions.headers(r, ContractHttp.JSON);
            assertThat(r.text()).isEqualTo(ContractText.errorJson(NotHttp11.HTTP_10));
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @TestFactory
    Stream<DynamicTest> withServersOfTheirOwn() {
        return ContractTests.restarts(HelidonContractTest::launch);
    }

    @Test
    void settingsAreWhatTheServerAndItsClientsRunWith() throws Exception {
        ServerSettings s = SettingsReader.read(ContractHttp.text(ContractHttp.get(APP.target(), "/settings")));
        assertThat(s.software().framework()).matches("Helidon SE 4\\.\\d+\\.\\d+");
        assertThat(s.threads())
                .isEqualTo(new ServerSettings.Threads("virtual-thread", Limit.UNLIMITED, 0, 1, Limit.of(0)));
        assertThat(s.database().pool()).isEqualTo(16);
        assertThat(s.database().statementCache()).isEqualTo(FrameworkSettings.JDBC_STATEMENT_CACHE);
        assertThat(s.backendClient().maxConnections()).isEqualTo(Limit.of(64));
        assertThat(s.own()).containsEntry("backend_connection_cache", "64");
    }

    /** Helidon's client bounds only its idle connections; the calls past the limit wait for a permit. */
    @Test
    void backendCallsPastTheLimitWaitForAConnection() throws Exception {
        FakeBackend slow = new FakeBackend(50);
        try (HelidonApplication app = HelidonApplication.start(new AppEnv(ContractTests.environment(
                slow, null, Map.of("LOADLAB_HTTP_CLIENT_CONNECTIONS", "2"))))) {
            List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
            HttpClient http = HttpClient.newHttpClient();
            for (int i = 0; i < 12; i++) {
                calls.add(http.sendAsync(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/backend")).build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> c : calls) {
                HttpResponse<String> r = c.get(30, TimeUnit.SECONDS);
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                assertThat(r.body()).isEqualTo(ContractText.PLAINTEXT);
            }
            assertThat(slow.maxConcurrentHellos()).as("calls at once, 2 connections").isLessThanOrEqualTo(2);
        } finally {
            slow.close();
        }
    }
}
