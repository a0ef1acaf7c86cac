package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.Metastability;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialKey;
import io.loadlab.core.result.TrialResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A trigger experiment's report: the goodput timeline with the trigger shaded, and the recovery table. */
class MetastabilityReportTest {
    @Test
    void drawsTheGoodputTimelineWithTheTriggerShaded() {
        TrialResult stuck = trial("thread-pool", 3, true, null);
        TrialResult control = trial("thread-pool", 0, false, 2.0);
        ExperimentInfo e = new ExperimentInfo(
                "metastable",
                "backend",
                "backend",
                List.of("thread-pool"),
                List.of(),
                Map.of(),
                null,
                null,
                null,
                null);
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
                List.of(stuck, control));
        StringBuilder h = new StringBuilder();
        MetastabilityHtml.section(h, e, r);
        String html = h.toString();
        assertThat(html).contains("After the trigger", "<svg", "class=\"band\"", "trigger", "90% of before");
        assertThat(html).contains("<b>METASTABLE</b>", "never, in the window", "recovered", "2 s");
        assertThat(html).contains("thread-pool, 3 retries", "thread-pool, no retries");
    }

    private static TrialResult trial(String model, int retries, boolean metastable, Double recovery) {
        List<Metastability.Point> points = new ArrayList<>();
        for (int s = 1; s <= 20; s++) {
            double good = s <= 5 ? 100 : s <= 8 ? 10 : metastable ? 2 : 100;
            points.add(new Metastability.Point(s, good, metastable ? 100 : good));
        }
        Metastability m = new Metastability(
                5, 3, retries, 100, 10, metastable ? 2 : 100, recovery, metastable ? 12 : 0, metastable, points);
        return new TrialResult(
                model + "-" + retries,
                new TrialKey("metastable", model, "backend", new LoadLevel(100, 100.0), 1),
                "2026-11-26T01:00:00Z",
                List.of(),
                null,
                null,
                null,
                null,
                Resources.NONE,
                DependencyWork.NONE,
                Map.of(),
                m);
    }
}
