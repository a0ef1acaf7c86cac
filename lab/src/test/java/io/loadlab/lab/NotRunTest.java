package io.loadlab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.host.ConnectionCeiling;
import io.loadlab.core.host.HostFacts;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.NotRun;
import io.loadlab.lab.spec.ExperimentSpec;
import io.loadlab.lab.spec.SuiteFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class NotRunTest {
    @Test
    void aDeclaredLevelAboveTheCeilingIsRecordedWithDoctorsReasonAndFix() {
        ExperimentSpec e = SuiteFiles.load("rxjava-servers", Path.of("..", "suites"))
                .plan()
                .experiments()
                .get(0);
        ConnectionCeiling doctor = ConnectionCeiling.of(HostFacts.read());
        List<NotRun> levels = Lab.notRun(e, 19_800, doctor);
        assertThat(levels)
                .extracting(NotRun::load)
                .containsExactly(new LoadLevel(20_000, null), new LoadLevel(50_000, null));
        NotRun n = levels.get(0);
        assertThat(n.reason())
                .startsWith("needs 20,000 connections; this host allows about 19,800: the binding limit is");
        assertThat(n.fix()).isNotEmpty().noneMatch(l -> l.startsWith("#"));
        assertThat(e.info().withNotRun(levels).notRun()).isEqualTo(levels);
        assertThat(Lab.notRun(e, 1_000_000, doctor)).isEmpty();
    }

    @Test
    void theLabsCeilingIsDoctors() {
        ConnectionCeiling doctor = ConnectionCeiling.of(HostFacts.read());
        if (doctor.ceiling() >= 0) {
            assertThat((long) io.loadlab.lab.store.HostLimits.of(doctor)).isEqualTo(doctor.ceiling());
        }
    }
}
