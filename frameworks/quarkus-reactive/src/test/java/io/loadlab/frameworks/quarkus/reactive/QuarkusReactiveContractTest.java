package io.loadlab.frameworks.quarkus.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsReader;
import io.loadlab.frameworks.quarkus.QuarkusJar;
import io.loadlab.testkit.contract.ContractHttp;
import io.loadlab.testkit.contract.ContractTests;
import io.loadlab.testkit.contract.SharedApp;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every contract row against the built jar, started as the lab starts it. */
@Timeout(120)
class QuarkusReactiveContractTest {
    private static final QuarkusJar JAR = QuarkusJar.fromBuild("quarkus-reactive");

    @RegisterExtension
    static final SharedApp APP = new SharedApp(JAR::start);

    @TestFactory
    Stream<DynamicTest> everyRow() {
        return ContractTests.rows(APP.target());
    }

    @TestFactory
    Stream<DynamicTest> withServersOfTheirOwn() {
        return ContractTests.restarts(JAR);
    }

    @Test
    void settingsSayWhatItRunsWith() throws Exception {
        ServerSettings s = SettingsReader.read(ContractHttp.text(ContractHttp.get(APP.target(), "/settings")));
        assertThat(s.software().framework())
                .matches("Quarkus 3\\.33\\.\\d+, Quarkus REST, Mutiny, Hibernate Reactive with Panache");
        assertThat(s.software().server()).matches("Vert\\.x 4\\.\\d+\\.\\d+");
        assertThat(s.threads().requests()).isEqualTo("event-loop");
        assertThat(s.threads().eventLoops()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(s.threads().workerThreads()).isEqualTo(Limit.of(0));
        assertThat(s.database().client()).startsWith("Hibernate Reactive with Panache");
        assertThat(s.database().pool()).isEqualTo(16);
        assertThat(s.database().statementCache()).isEqualTo(Limit.of(256));
        assertThat(s.database().transactions()).isEqualTo(ServerSettings.Transactions.PER_STATEMENT);
        assertThat(s.database().serverVersion()).isNotBlank();
        assertThat(s.backendClient().maxConnections().unlimited()).isFalse();
    }
}
