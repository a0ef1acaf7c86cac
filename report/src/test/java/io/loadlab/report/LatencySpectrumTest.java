package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.loadlab.core.result.TrialResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LatencySpectrumTest {
    private final TrialResult trial = Fixtures.results("run-a").trials().stream()
            .filter(t -> t.id().equals("spring-async-servlet-servlet-sync-mixed-1000rps-r1"))
            .findFirst()
            .orElseThrow();

    @Test
    void fromTheHistogramLogAgreesWithTheSummaryPercentiles() {
        List<double[]> points = LatencySpectrum.of(Fixtures.source("run-a"), trial);
        assertThat(points.size()).isGreaterThan(20);
        assertThat(points).isSortedAccordingTo((a, b) -> Double.compare(a[0], b[0]));
        double p99 = points.stream().filter(p -> p[0] >= 99).findFirst().orElseThrow()[1];
        // the log's untagged intervals merge to the total histogram load.json was summarised from
        assertThat(p99)
                .isCloseTo(
                        trial.load().latencyMs().p99(),
                        within(trial.load().latencyMs().p99() * 0.02));
        assertThat(points.get(points.size() - 1)[1])
                .isEqualTo(trial.load().latencyMs().max());
    }

    @Test
    void withoutALogFallsBackToLoadJson() {
        TrialResult noFiles = new TrialResult(
                trial.id(),
                trial.key(),
                null,
                trial.verdicts(),
                trial.validation(),
                trial.load(),
                trial.ceiling(),
                trial.server(),
                trial.resources(),
                trial.dependencies(),
                Map.of(),
                null);
        List<double[]> points = LatencySpectrum.of(Path.of("nowhere"), noFiles);
        assertThat(points).hasSize(7);
        assertThat(points.get(3)).containsExactly(99, trial.load().latencyMs().p99());
    }
}
