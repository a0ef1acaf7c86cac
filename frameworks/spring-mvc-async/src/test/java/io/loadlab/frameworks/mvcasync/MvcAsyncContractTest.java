package io.loadlab.frameworks.mvcasync;

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
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every contract row against the spring-mvc-async application in this JVM: in async mode (its default), and in sync
 * mode on 16 Jetty threads, the study's other system.
 */
@Timeout(120)
class MvcAsyncContractTest {
    @RegisterExtension
    static final SharedApp ASYNC = new SharedApp((b, db) -> launch(b, db, Map.of()));

    @RegisterExtension
    static final SharedApp SYNC =
            new SharedApp((b, db) -> launch(b, db, Map.of("LOADLAB_MODE", "sync", "LOADLAB_MAX_THREADS", "16")));

    static ContractTarget launch(FakeBackend backend, RunningPostgres db, Map<String, String> more) {
        ConfigurableApplicationContext ctx =
                MvcApplication.start(new AppEnv(ContractTests.environment(backend, db, more)));
        int port = ((WebServerApplicationContext) ctx).getWebServer().getPort();
        return ContractTarget.inProcess(AppSettings.MODEL, port, backend, db, ctx::close);
    }

    @TestFactory
    Stream<DynamicTest> answersTheContractWithDeferredResults() {
        return ContractTests.rows(ASYNC.target());
    }

    @TestFactory
    Stream<DynamicTest> answersTheContractBlockedOnFutures() {
        return ContractTests.rows(SYNC.target());
    }

    @TestFactory
    Stream<DynamicTest> withServersOfTheirOwn() {
        return ContractTests.restarts((b, db) -> launch(b, db, Map.of()));
    }

    @Test
    void settingsNameTheFrameworkJettyAndPools() throws Exception {
        ServerSettings a = SettingsReader.read(ContractHttp.text(ContractHttp.get(ASYNC.target(), "/settings")));
        assertThat(a.model()).isEqualTo("spring-mvc-async");
        assertThat(a.software().framework()).matches("Spring Boot 4\\.\\d+\\.\\d+, Spring MVC 7\\..*");
        assertThat(a.software().server()).matches("Jetty 12\\..*");
        assertThat(a.threads().requests()).isEqualTo("pool");
        assertThat(a.threads().workerThreads()).isEqualTo(Limit.of(16));
        assertThat(a.threads().requestThreads().value() + a.threads().ioThreads()).isEqualTo(200);
        assertThat(a.own()).containsEntry("mode", "async");
        assertThat(a.database().pool()).isEqualTo(16);
        ServerSettings s = SettingsReader.read(ContractHttp.text(ContractHttp.get(SYNC.target(), "/settings")));
        assertThat(s.threads().requestThreads().value() + s.threads().ioThreads()).isEqualTo(16);
        assertThat(s.own()).containsEntry("mode", "sync");
    }
}
