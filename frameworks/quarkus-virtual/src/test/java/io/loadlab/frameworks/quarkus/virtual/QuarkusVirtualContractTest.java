package io.loadlab.frameworks.quarkus.virtual;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.frameworks.quarkus.QuarkusJar;
import io.loadlab.testkit.contract.ContractHttp;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.ContractTests;
import io.loadlab.testkit.contract.FakeBackend;
import io.loadlab.testkit.contract.SharedApp;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every contract row against the built jar, started as the lab starts it. */
@Timeout(120)
class QuarkusVirtualContractTest {
    private static final QuarkusJar JAR = QuarkusJar.fromBuild("quarkus-virtual");

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
    void settingsNameTheFrameworkServerAndPools() throws Exception {
        String s = ContractHttp.text(ContractHttp.get(APP.target(), "/settings"));
        assertThat(s)
                .contains("\"model\":\"quarkus-virtual\"", "\"db_pool\":16", "\"backend_max_connections\":")
                .containsPattern("\"framework\":\"Quarkus 3\\.33\\.\\d+\"")
                .containsPattern("\"server\":\"Vert\\.x 4\\.")
                .contains("\"max_threads\":\"virtual\"")
                .contains("\"db_client\":\"Hibernate ORM with Panache on Agroal\"");
    }
}
