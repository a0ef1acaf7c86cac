package io.loadlab.frameworks.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsReader;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.testkit.contract.ContractHttp;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.ContractTests;
import io.loadlab.testkit.contract.FakeBackend;
import io.loadlab.testkit.contract.SharedApp;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Wrapped;
import java.lang.reflect.Method;
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
    /** The shared application, to read its beans. */
    static volatile ConfigurableApplicationContext shared;

    @RegisterExtension
    static final SharedApp APP = new SharedApp((b, db) -> {
        shared = WebfluxApplication.start(new AppEnv(ContractTests.environment(b, db, Map.of())));
        return target(shared, b, db);
    });

    static ContractTarget launch(FakeBackend backend, RunningPostgres db) {
        AppEnv env = new AppEnv(ContractTests.environment(backend, db, Map.of()));
        return target(WebfluxApplication.start(env), backend, db);
    }

    static ContractTarget target(ConfigurableApplicationContext ctx, FakeBackend backend, RunningPostgres db) {
        int port = ((WebServerApplicationContext) ctx).getWebServer().getPort();
        return ContractTarget.inProcess(AppSettings.MODEL, port, backend, db, ctx::close);
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
        ServerSettings s = SettingsReader.read(ContractHttp.text(ContractHttp.get(APP.target(), "/settings")));
        assertThat(s.model()).isEqualTo("spring-webflux");
        assertThat(s.software().framework()).matches("Spring Boot 4\\.\\d+\\.\\d+, Spring WebFlux 7\\..*");
        assertThat(s.software().server()).matches("Reactor Netty 1\\..*, Netty 4\\..*");
        int cpus = Runtime.getRuntime().availableProcessors();
        assertThat(s.threads())
                .isEqualTo(new ServerSettings.Threads("event-loop", Limit.of(cpus), cpus, 1, Limit.of(0)));
        assertThat(s.database().pool()).isEqualTo(16);
        assertThat(s.database().statementCache()).isEqualTo(Limit.of(256));
        assertThat(s.backendClient().maxConnections())
                .isEqualTo(Limit.of(new AppEnv(Map.of()).httpClientConnections()));
        assertThat(s.own()).containsEntry("backend_queue", "unlimited, each waiting at most 10 s");
    }

    /** Read from the driver's configuration, which says it nowhere in public. */
    @Test
    @Order(2)
    void r2dbcKeeps256PreparedStatementsPerConnection() throws Exception {
        Object driver = shared.getBean(ConnectionFactory.class);
        while (driver instanceof Wrapped<?> w) { // the pool, then Boot's options-capable wrapper
            driver = w.unwrap();
        }
        assertThat(driver).isInstanceOf(PostgresqlConnectionFactory.class);
        Method configuration = PostgresqlConnectionFactory.class.getDeclaredMethod("getConfiguration");
        configuration.setAccessible(true);
        Object c = configuration.invoke(driver);
        Method cache = c.getClass().getDeclaredMethod("getPreparedStatementCacheQueries");
        cache.setAccessible(true);
        assertThat(cache.invoke(c)).isEqualTo(256);
    }
}
