package io.loadlab.frameworks.tomcat;

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

/** Every contract row against the application, in this JVM. */
@Timeout(120)
class TomcatContractTest {
    @RegisterExtension
    static final SharedApp SERVER = new SharedApp((b, db) -> launch(b, db, Map.of()));

    static ContractTarget launch(FakeBackend backend, RunningPostgres db, Map<String, String> more) throws Exception {
        AppEnv env = new AppEnv(ContractTests.environment(backend, db, more));
        RunningTomcat t = TomcatApplication.start(env);
        return ContractTarget.inProcess("tomcat", t.port(), backend, db, t::close);
    }

    @TestFactory
    Stream<DynamicTest> answersTheContract() {
        return ContractTests.rows(SERVER.target());
    }

    @TestFactory
    Stream<DynamicTest> withServersOfTheirOwn() {
        return ContractTests.restarts((b, db) -> launch(b, db, Map.of()));
    }

    @Test
    void settingsNameTheServerAndPools() throws Exception {
        ServerSettings s = SettingsReader.read(ContractHttp.text(ContractHttp.get(SERVER.target(), "/settings")));
        assertThat(s.model()).isEqualTo("tomcat");
        assertThat(s.software().framework()).isEqualTo("Jakarta Servlet 6.1, one HttpServlet, no framework");
        assertThat(s.software().server()).matches("Tomcat 11\\.0\\.\\d+");
        assertThat(s.threads()).isEqualTo(new ServerSettings.Threads("pool", Limit.of(200), 0, 2, Limit.of(0)));
        assertThat(s.database().pool()).isEqualTo(16);
        assertThat(s.backendClient().client()).startsWith("Apache HttpClient 5 (classic");
        assertThat(s.backendClient().maxConnections())
                .isEqualTo(Limit.of(new AppEnv(Map.of()).httpClientConnections()));
        assertThat(s.own()).containsEntry("max_connections", "8192");
    }

    @Test
    void leavesNoBaseDirectoryBehind() throws Exception {
        AppEnv env = new AppEnv(ContractTests.environment(null, null, Map.of()));
        RunningTomcat t = TomcatApplication.start(env);
        Path dir = t.baseDir();
        assertThat(dir).isDirectory();
        t.close();
        assertThat(dir).doesNotExist();
    }

    @Test
    void backendConnectionsAreAKnob() throws Exception {
        try (ContractTarget t = launch(null, null, Map.of("LOADLAB_HTTP_CLIENT_CONNECTIONS", "7"))) {
            ServerSettings s = SettingsReader.read(ContractHttp.text(ContractHttp.get(t, "/settings")));
            assertThat(s.backendClient().maxConnections()).isEqualTo(Limit.of(7));
        }
    }

    @Test
    void maxThreadsIsAKnob() throws Exception {
        try (ContractTarget t = launch(null, null, Map.of("LOADLAB_MAX_THREADS", "16"))) {
            ServerSettings s = SettingsReader.read(ContractHttp.text(ContractHttp.get(t, "/settings")));
            assertThat(s.threads().requestThreads()).isEqualTo(Limit.of(16));
        }
    }
}
