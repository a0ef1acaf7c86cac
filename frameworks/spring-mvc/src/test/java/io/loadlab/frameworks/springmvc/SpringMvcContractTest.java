package io.loadlab.frameworks.springmvc;

import static org.assertj.core.api.Assertions.assertThat;

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
        String p = ContractHttp.text(ContractHttp.get(PLATFORM.target(), "/settings"));
        assertThat(p)
                .contains("\"model\":\"spring-mvc\"")
                .containsPattern("\"framework\":\"Spring Boot 4\\.\\d+\\.\\d+, Spring MVC 7\\.")
                .containsPattern("\"server\":\"Tomcat 11\\.")
                .contains("\"max_threads\":200", "\"db_pool\":16", "\"backend_max_connections\":");
        String v = ContractHttp.text(ContractHttp.get(VIRTUAL.target(), "/settings"));
        assertThat(v).contains("\"model\":\"spring-mvc-virtual\"", "\"max_threads\":\"virtual\"");
    }
}
