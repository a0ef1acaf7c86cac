package io.loadlab.lab.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.LoadLevel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacitySuiteTest {
    private static Path suite(Path dir, String capacity, String more) throws IOException {
        Path f = dir.resolve("cap.yaml");
        Files.writeString(f, """
                experiments:
                  - name: cap
                    scenario: {type: delay, delay: 100ms}
                    models: [thread-pool, netty]
                    connections: [400]
                """ + "    capacity: " + capacity + "\n" + more);
        return f;
    }

    @Test
    void readsTheGoalAndTheConnectionCap(@TempDir Path dir) throws IOException {
        SuitePlan p = SuiteFiles.read(suite(
                        dir,
                        "{slo: \"p99<150ms\", errors: \"<0.5%\", start: 40, resolution: 10%, max_steps: 8,"
                                + " max_rate: 2k}",
                        ""))
                .plan();
        ExperimentSpec e = p.experiments().get(0);
        CapacityGoal g = e.capacity();
        assertThat(g.percentile()).isEqualTo(99);
        assertThat(g.sloMs()).isEqualTo(150);
        assertThat(g.maxErrorRate()).isEqualTo(0.005);
        assertThat(g.startRps()).isEqualTo(40);
        assertThat(g.resolution()).isEqualTo(0.10);
        assertThat(g.maxSteps()).isEqualTo(8);
        assertThat(g.maxRps()).isEqualTo(2000);
        assertThat(e.loads()).containsExactly(new LoadLevel(400, 40.0));
        assertThat(p.trialCount())
                .as("at most max_steps and two past the knee per model")
                .isEqualTo(20);
        assertThat(e.info().capacity().goal()).isEqualTo(g);
    }

    @Test
    void theObjectiveAloneTakesTheDefaults(@TempDir Path dir) throws IOException {
        CapacityGoal g = SuiteFiles.read(suite(dir, "{slo: \"p50 < 20ms\"}", ""))
                .plan()
                .experiments()
                .get(0)
                .capacity();
        assertThat(g.percentile()).isEqualTo(50);
        assertThat(g.sloMs()).isEqualTo(20);
        assertThat(g.maxErrorRate()).isEqualTo(0.001);
        assertThat(g.resolution()).isEqualTo(0.05);
        assertThat(g.maxSteps()).isEqualTo(12);
        assertThat(g.maxRps()).as("1,000 req/s per connection of the cap").isEqualTo(400_000);
    }

    @Test
    void mistakesNameTheFileAndTheExperiment(@TempDir Path dir) throws IOException {
        Path bad = suite(dir, "{slo: \"latency<100ms\"}", "");
        assertThatThrownBy(() -> SuiteFiles.read(bad))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("cap.yaml")
                .hasMessageContaining("experiment 'cap'")
                .hasMessageContaining("pNN<DURATION");
        Path rates = suite(dir, "{slo: \"p99<100ms\"}", "    rates: [100]\n");
        assertThatThrownBy(() -> SuiteFiles.read(rates)).hasMessageContaining("picks its own rates");
        Path percent = suite(dir, "{slo: \"p99<100ms\", resolution: five}", "");
        assertThatThrownBy(() -> SuiteFiles.read(percent)).hasMessageContaining("resolution is a percentage");
        Path typo = suite(dir, "{slo: \"p99<100ms\", resolutoin: 5%}", "");
        assertThatThrownBy(() -> SuiteFiles.read(typo)).hasMessageContaining("unknown key 'resolutoin'");
    }
}
