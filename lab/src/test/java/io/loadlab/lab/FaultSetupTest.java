package io.loadlab.lab;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.lab.spec.LabSetup;
import io.loadlab.lab.spec.SuiteFiles;
import io.loadlab.lab.spec.SuitePlan;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A fault fails the lab's own dependency: a suite with one is refused before anything starts when it is a user's. */
class FaultSetupTest {
    private static final SuitePlan FAULTS =
            SuiteFiles.read(Path.of("../suites/faults.yaml")).plan();

    @Test
    void aUsersDatabaseOrBackendCannotBeFailedOnPurpose() {
        assertThatCode(() -> Lab.checkFaults(FAULTS, LabSetup.defaults())).doesNotThrowAnyException();
        assertThatThrownBy(() -> Lab.checkFaults(FAULTS, LabSetup.defaults().withDbUrl("postgresql://db:5432/x")))
                .isInstanceOf(UserError.class)
                .hasMessage("experiment database-restart: its fault kill postgres@10s fails the lab's own PostgreSQL,"
                        + " and --db-url names one that is not the lab's to kill or start: leave out --db-url for this"
                        + " suite");
        assertThatThrownBy(() -> Lab.checkFaults(FAULTS, LabSetup.defaults().withBackendCommand("./my-backend")))
                .isInstanceOf(UserError.class)
                .hasMessageContaining(
                        "experiment backend-restart: its fault kill backend@10s fails the lab's own" + " backend");
    }
}
