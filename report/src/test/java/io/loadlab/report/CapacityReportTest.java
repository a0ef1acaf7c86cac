package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.CapacityInfo;
import io.loadlab.core.result.CapacitySearch;
import io.loadlab.core.result.CapacityStep;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityReportTest {
    static final CapacityGoal GOAL = new CapacityGoal("p99<150ms", 99, 150, 0.001, 20, 0.1, 8, 100_000);

    @Test
    void withinReadsTheShareOfTheSpectrumUnderTheBound() {
        List<double[]> spectrum = List.of(new double[] {50, 100}, new double[] {90, 200}, new double[] {100, 400});
        assertThat(CapacityCurve.within(spectrum, 150)).isEqualTo(0.70);
        assertThat(CapacityCurve.within(spectrum, 50)).isEqualTo(0.25);
        assertThat(CapacityCurve.within(spectrum, 500)).isEqualTo(1.0);
    }

    @Test
    void theAnswerRanksByCapacityAndTheSectionDrawsTheKnee(@TempDir Path dir) throws Exception {
        Random random = new Random(7);
        List<TrialResult> trials = new ArrayList<>();
        List<CapacityStep> steps = new ArrayList<>();
        double[][] plan = {{20, 20, 105}, {40, 40, 110}, {80, 79, 130}, {160, 80, 3000}, {120, 80, 2000}};
        for (double[] p : plan) {
            FixtureTrial t = new FixtureTrial("cap", "thread-pool", "delay", new LoadLevel(100, p[0]), 1);
            t.request("/delay?ms=100", p[1], 100, p[2], 1.0);
            TrialResult r = t.write(dir, random, "2026-11-25T10:00:00Z");
            trials.add(r);
            steps.add(new CapacityStep(p[0], r.id(), p[2] < 150 ? CapacityStep.PASS : CapacityStep.FAIL, "p99"));
        }
        CapacitySearch pool = new CapacitySearch(
                "thread-pool", CapacitySearch.FOUND, 80, 80.0, 120.0, "120 req/s failed: p99", steps, List.of());
        CapacitySearch netty = new CapacitySearch(
                "netty",
                CapacitySearch.LOWER_BOUND,
                640,
                640.0,
                null,
                "the load generator ran out first",
                List.of(),
                List.of());
        ExperimentInfo e = new ExperimentInfo(
                        "cap",
                        "delay",
                        "delay 100ms",
                        List.of("thread-pool", "netty"),
                        List.of(),
                        Map.of(),
                        null,
                        null,
                        null,
                        null)
                .withCapacity(new CapacityInfo(GOAL, List.of(pool, netty)));
        SuiteResults r = new SuiteResults(
                SuiteResults.SCHEMA_VERSION,
                "s",
                null,
                SuiteResults.COMPLETE,
                null,
                null,
                Map.of(),
                List.of(e),
                null,
                List.of(),
                trials);

        String text = CapacityText.render(r, dir);
        assertThat(text).contains("ranked by capacity at p99 ≤ 150 ms");
        assertThat(text.indexOf("netty")).isLessThan(text.indexOf("thread-pool"));
        assertThat(text).contains("≥ 640 req/s", "80.0 req/s", "bracket [80.0, 120]", "knee 80.0 req/s");

        StringBuilder h = new StringBuilder();
        CapacityHtml.section(h, e, r, dir);
        assertThat(h.toString()).contains("<svg", "knee 80.0", "objective p99&lt;150ms", "goodput", "5 steps");
        CapacityCurve curve = CapacityCurve.of(r, dir, GOAL, pool);
        assertThat(curve.knee().offered()).isEqualTo(80);
        assertThat(curve.points()).hasSize(5);
        assertThat(curve.points().get(3).goodput())
                .as("past the knee most answers miss the objective")
                .isLessThan(curve.knee().goodput() / 2);
    }
}
