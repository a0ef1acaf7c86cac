package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.core.Json;
import io.loadlab.core.result.ResultsUpgrade;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The data the charts draw: bars comparing models at one load level, lines against the load with several. */
class ReportDataTest {
    private final List<ScenarioSection> scenarios = ScenarioSection.of(TrialGroup.of(Fixtures.results("run-a")));
    private final Map<String, Object> data = ReportData.of(Fixtures.source("run-a"), scenarios);

    @SuppressWarnings("unchecked")
    private Map<String, Object> scenario(String title) {
        return ((List<Map<String, Object>>) data.get("scenarios"))
                .stream().filter(s -> s.get("title").equals(title)).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> point(String title, String model) {
        return ((List<Map<String, Object>>) scenario(title).get("models"))
                .stream()
                        .filter(m -> m.get("model").equals(model))
                        .map(m -> ((List<Map<String, Object>>) m.get("points")).get(0))
                        .findFirst()
                        .orElseThrow();
    }

    @Test
    @SuppressWarnings("unchecked")
    void aTrialsTimelineCarriesItsServersGcPausesPerSecondAndNothingWhereItHasNoLog(@TempDir Path tmp)
            throws Exception {
        JsonNode results = Json.mapper()
                .readTree(Fixtures.source("run-a").resolve("results.json").toFile());
        JsonNode trial = results.get("trials").get(0);
        for (JsonNode p : trial.get("resources").get("processes")) {
            if (p.get("role").asText().equals("server")) {
                for (JsonNode s : p.get("samples")) {
                    boolean third = Math.round(s.get("t_s").asDouble()) == 3;
                    ((ObjectNode) s).put("gc_pauses", third ? 1 : 0).put("gc_pause_ms", third ? 12.5 : 0.0);
                }
            }
        }
        Path file = tmp.resolve("results.json");
        Json.mapper().writeValue(file.toFile(), results);
        Map<String, Object> withGc =
                ReportData.of(tmp, ScenarioSection.of(TrialGroup.of(ResultsUpgrade.readSuite(file))));
        List<List<Object>> timeline = (List<List<Object>>) ((Map<String, Map<String, Object>>) withGc.get("trials"))
                .get(trial.get("id").asText())
                .get("timeline");
        assertThat(timeline).hasSizeGreaterThan(3);
        assertThat(timeline).allSatisfy(row -> assertThat(row).hasSize(6));
        assertThat(timeline.get(2).get(5)).isEqualTo(12.5);
        assertThat(timeline.get(0).get(5)).isEqualTo(0.0);
        // the checked-in fixture predates the log: no figure, not zero
        List<List<Object>> before = (List<List<Object>>) ((Map<String, Map<String, Object>>) data.get("trials"))
                .get(trial.get("id").asText())
                .get("timeline");
        assertThat(before).allSatisfy(row -> assertThat(row.get(5)).isNull());
        // and the chart's caption says so only where there is a figure
        assertThat(ReportWriter.render(tmp)).contains("the server's JIT (cores), its GC pauses (ms)");
        assertThat(ReportWriter.render(Fixtures.source("run-a"))).doesNotContain("its GC pauses (ms)");
    }

    @Test
    void oneLoadLevelDrawsBarsAndSeveralDrawLines() {
        assertThat(scenario("c10k-backend · backend").get("bars")).isEqualTo(true);
        assertThat(scenario("spring-async-servlet · mixed").get("bars")).isEqualTo(true);
        assertThat(scenario("rxjava-servers · delay").get("bars")).isEqualTo(false);
    }

    @Test
    void barsCarryTheWorkloadCeilingAndTheDesignCap() {
        Map<String, Object> pool = point("c10k-backend · backend", "thread-pool");
        assertThat(pool).containsEntry("ceiling_rps", 4000.0).containsEntry("design_rps", 2000.0);
        assertThat(point("c10k-backend · backend", "netty")).containsEntry("design_rps", null);
    }

    @Test
    void aModelThatIsNotComparableKeepsItsMeasuredNumberApartFromTheValidOnes() {
        Map<String, Object> starved = point("c10k-backend · backend", "single-thread");
        assertThat(starved).containsEntry("valid", false).containsEntry("verdict", "STARVED");
        assertThat(starved).doesNotContainKey("rps").containsKey("invalid_rps");
    }

    @Test
    void singleLoadCaptionsNameTheLoadInsteadOfAnAxis() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        String backend = html.substring(html.indexOf("id=\"s-1\""), html.indexOf("id=\"s-2\""));
        assertThat(backend)
                .contains("Throughput (req/s) at 200 conn; marks: workload ceiling (grey), design cap (red)")
                .doesNotContain("vs load");
        String delay = html.substring(html.indexOf("id=\"s-0\""), html.indexOf("id=\"s-1\""));
        assertThat(delay).contains("Throughput (req/s) vs load, log–log");
    }
}
