package io.loadlab.frameworks.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.testkit.contract.ContractHttp;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.ContractTests;
import io.loadlab.testkit.contract.FakeBackend;
import io.loadlab.testkit.contract.SharedApp;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every contract row against the spring-webflux application, in this JVM. The rows with servers of their own run
 * last: an application that stops disposes Reactor Netty's global event loops, which all applications of one JVM
 * share (one per process in use, so only a test sees it).
 */
@Timeout(120)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebfluxContractTest {
    @RegisterExtension
    static final SharedApp APP = new SharedApp(WebfluxContractTest::launch);

    static ContractTarget launch(FakeBackend backend, RunningPostgres db) {
        ConfigurableApplicationContext ctx =
                WebfluxApplication.start(new AppEnv(ContractTests.environment(backend, db, Map.of())));
        int port = ((WebServerApplicationContext) ctx).getWebServer().getPort();
        return ContractTarget.inProcess(Settings.MODEL, port, backend, db, ctx::close);
    }

    @TestFactory
    @Order(1)
    Stream<DynamicTest> answersTheContract() {
        return ContractTests.rows(APP.target());
    }

    @TestFactory
    @Order(3)
    Stream<DynamicTest> withServersOfTheirOwn() {
        return ContractTests.restarts(WebfluxContractTest::launch);
    }

    @Test
    @Order(2)
    void settingsNameTheFrameworkServerAndPools() throws Exception {
        assertThat(ContractHttp.text(ContractHttp.get(APP.target(), "/settings")))
                .contains("\"model\":\"spring-webflux\"")
                .containsPattern("\"framework\":\"Spring Boot 4\\.\\d+\\.\\d+, Spring WebFlux 7\\.")
                .containsPattern("\"server\":\"Reactor Netty 1\\.")
                .containsPattern("\"event_loops\":\\d+")
                .contains("\"db_pool\":16", "\"backend_max_connections\":");
    }
}
