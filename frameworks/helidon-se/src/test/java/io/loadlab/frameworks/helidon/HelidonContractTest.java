package io.loadlab.frameworks.helidon;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.testkit.RawHttp;
import io.loadlab.testkit.contract.ContractAssertions;
import io.loadlab.testkit.contract.ContractHttp;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.ContractTests;
import io.loadlab.testkit.contract.FakeBackend;
import io.loadlab.testkit.contract.SharedApp;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every contract row against the Helidon SE application, in this JVM, but one: Helidon SE 4 does not speak HTTP/1.0
 * (its HTTP/1 connection takes only a first line ending in {@code HTTP/1.1}), so the keep-alive row's HTTP/1.0 part
 * cannot pass; its HTTP/1.1 part runs here, and HTTP/1.0 is shown to get a JSON 505 and a closed connection.
 */
@Timeout(120)
class HelidonContractTest {
    private static final String HTTP_10_ROW = "keeps connections alive and honours close";

    @RegisterExtension
    static final SharedApp APP = new SharedApp(HelidonContractTest::launch);

    static ContractTarget launch(FakeBackend backend, RunningPostgres db) throws Exception {
        HelidonApplication started =
                HelidonApplication.start(new AppEnv(ContractTests.environment(backend, db, Map.of())));
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
    void settingsNameTheFrameworkServerAndPools() throws Exception {
        String s = ContractHttp.text(ContractHttp.get(APP.target(), "/settings"));
        assertThat(s)
                .contains("\"model\":\"helidon-se\"", "\"framework\":\"Helidon SE 4.5.0\"")
                .contains("\"max_threads\":\"virtual\"", "\"db_pool\":16", "\"backend_max_connections\":");
    }
}
