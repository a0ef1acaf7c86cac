package io.loadlab.frameworks.httpcore;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsReader;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
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

/** Every contract row against the HttpCore 5 application on one I/O thread (the study's smallest), in this JVM. */
@Timeout(120)
class HttpCoreContractTest {
    @RegisterExtension
    static final SharedApp APP = new SharedApp(HttpCoreContractTest::launch);

    static ContractTarget launch(FakeBackend backend, RunningPostgres db) throws Exception {
        Map<String, String> env = ContractTests.environment(
                backend, db, Map.of("LOADLAB_IO_THREADS", "1", "LOADLAB_HTTP_CLIENT_CONNECTIONS", "64"));
        HttpCoreApplication started = HttpCoreApplication.start(new AppEnv(env));
        return ContractTarget.inProcess(started.model(), started.port(), backend, db, started);
    }

    @TestFactory
    Stream<DynamicTest> contract() {
        return ContractTests.rows(APP.target());
    }

    @TestFactory
    Stream<DynamicTest> withServersOfTheirOwn() {
        return ContractTests.restarts(HttpCoreContractTest::launch);
    }

    @Test
    void settingsAreWhatTheReactorAndItsPoolsRunWith() throws Exception {
        ServerSettings s = SettingsReader.read(ContractHttp.text(ContractHttp.get(APP.target(), "/settings")));
        assertThat(s.model()).isEqualTo("httpcore5-nio");
        assertThat(s.software().framework()).matches("Apache HttpCore 5\\.\\d+\\.\\d+, async server");
        assertThat(s.threads())
                .isEqualTo(new ServerSettings.Threads("event-loop", Limit.of(1), 1, 1, Limit.of(16)));
        assertThat(s.database().pool()).isEqualTo(16);
        assertThat(s.database().statementCache()).isEqualTo(FrameworkSettings.JDBC_STATEMENT_CACHE);
        assertThat(s.database().transactions()).isEqualTo(ServerSettings.Transactions.PER_STATEMENT);
        assertThat(s.backendClient().maxConnections()).isEqualTo(Limit.of(64));
    }
}
