package io.loadlab.frameworks.springmvc;

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
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.context.ConfigurableApplicationContext;

/** Every contract row against the application on platform threads and on virtual threads, in this JVM. */
@Timeout(120)
class SpringMvcContractTest {
    @RegisterExtension
    static final SharedApp PLATFORM = new SharedApp((b, db) -> launch(b, db, Map.of()));

    @RegisterExtension
    static final SharedApp VIRTUAL = new SharedApp((b, db) -> launch(b, db, Map.of("LOADLAB_VIRTUAL", "true")));

    static ContractTarget launch(FakeBackend backend, RunningPostgres db, Map<String, String> more) {
        AppEnv env = new AppEnv(ContractTests.environment(backend, db, more));
        ConfigurableApplicationContext app = SpringMvcApplication.start(env);
        String model = AppSettings.model(env);
        return ContractTarget.inProcess(model, SpringMvcApplication.port(app), backend, db, app::close);
    }

    @TestFactory
    Stream<DynamicTest> onPlatformThreads() {
        return ContractTests.rows(PLATFORM.target());
    }

    @TestFactory
    Stream<DynamicTest> onVirtualThreads() {
        return ContractTests.rows(VIRTUAL.target());
    }

    @TestFactory
    Stream<DynamicTest> withServersOfTheirOwn() {
        return ContractTests.restarts((b, db) -> launch(b, db, Map.of()));
    }

    @Test
    void leavesNoTomcatBaseDirectoryBehind() {
        ConfigurableApplicationContext app =
                SpringMvcApplication.start(new AppEnv(ContractTests.environment(null, null, Map.of())));
        Path dir = app.getBean(TomcatSetup.class).baseDir();
        assertThat(dir).isDirectory();
        assertThat(dir.getFileName().toString()).startsWith("loadlab-spring-mvc-tomcat-");
        app.close();
        assertThat(dir).doesNotExist();
    }

    @Test
    void settingsNameTheFrameworkServerAndPools() throws Exception {
        ServerSettings p = SettingsReader.read(ContractHttp.text(ContractHttp.get(PLATFORM.target(), "/settings")));
        assertThat(p.model()).isEqualTo("spring-mvc");
        assertThat(p.software().framework()).matches("Spring Boot 4\\.\\d+\\.\\d+, Spring MVC 7\\..*");
        assertThat(p.software().server()).matches("Tomcat 11\\..*");
        assertThat(p.threads()).isEqualTo(new ServerSettings.Threads("pool", Limit.of(200), 0, 2, Limit.of(0)));
        assertThat(p.database().pool()).isEqualTo(16);
        assertThat(p.database().statementCache()).isEqualTo(Limit.of(256));
        assertThat(p.backendClient().maxConnections())
                .isEqualTo(Limit.of(new AppEnv(Map.of()).httpClientConnections()));
        assertThat(p.own()).containsEntry("max_connections", "8192");
        ServerSettings v = SettingsReader.read(ContractHttp.text(ContractHttp.get(VIRTUAL.target(), "/settings")));
        assertThat(v.model()).isEqualTo("spring-mvc-virtual");
        assertThat(v.threads().requests()).isEqualTo("virtual-thread");
        assertThat(v.threads().requestThreads()).isEqualTo(Limit.UNLIMITED);
    }
}
