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
        ExperimentInfo e = experiment("metastable", "backend", List.of("thread-pool"));
        SuiteResults r = results("s", e, List.of(stuck, control));
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
        return trial(
                model + "-" + retries, new TrialKey("metastable", model, "backend", new LoadLevel(100, 100.0), 1), m);
    }

    @Test
    void drawsAFaultsOutageWithTheErrorsDuringItAndNoRecovery() {
        SuiteResults r = faults();
        StringBuilder h = new StringBuilder();
        MetastabilityHtml.section(h, r.experiments().get(0), r);
        String html = h.toString();
        assertThat(html)
                .contains("After PostgreSQL killed (SIGKILL) and restarted", "errors during the outage", "outage")
                .contains("netty: goodput through the outage (PostgreSQL killed (SIGKILL) and restarted)")
                .contains("<td>1 s</td>", "<td>600</td>", "<b>NO_RECOVERY</b>", "recovered")
                .doesNotContain("retries", "METASTABLE");
    }

    /** A database-restart experiment: netty back a second after PostgreSQL, spring-mvc never (its pool kept dead connections). */
    static SuiteResults faults() {
        ExperimentInfo e = experiment("database-restart", "crud", List.of("netty", "spring-mvc"));
        return results("faults", e, List.of(faultTrial("netty", 1.0), faultTrial("spring-mvc", null)));
    }

    private static ExperimentInfo experiment(String name, String scenario, List<String> models) {
        return new ExperimentInfo(name, scenario, scenario, models, List.of(), Map.of(), null, null, null, null);
    }

    private static SuiteResults results(String name, ExperimentInfo e, List<TrialResult> trials) {
        return new SuiteResults(
                SuiteResults.SCHEMA_VERSION,
                name,
                null,
                SuiteResults.COMPLETE,
                null,
                null,
                Map.of(),
                List.of(e),
                null,
                List.of(),
                trials);
    }

    private static TrialResult trial(String id, TrialKey key, Metastability m) {
        return new TrialResult(
                id,
                key,
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

    private static TrialResult faultTrial(String model, Double recovery) {
        List<Metastability.Point> points = new ArrayList<>();
        for (int s = 1; s <= 30; s++) {
            double good = s <= 10 ? 300 : s <= 12 ? 0 : recovery != null ? 300 : 20;
            points.add(new Metastability.Point(s, good, 300));
        }
        Metastability m = new Metastability(
                10,
                2,
                0,
                300,
                0,
                recovery != null ? 300 : 20,
                recovery,
                recovery != null ? 0 : 18,
                false,
                points,
                "PostgreSQL killed (SIGKILL) and restarted",
                600L);
        return trial(model + "-fault", new TrialKey("database-restart", model, "crud", new LoadLevel(50, 300.0), 1), m);
    }
}
