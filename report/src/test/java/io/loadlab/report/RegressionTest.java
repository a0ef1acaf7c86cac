package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.SuiteResults;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegressionTest {
    private final SuiteResults a = Fixtures.results("run-a");
    private final SuiteResults b = Fixtures.results("run-b");

    private static List<String> labels(List<Regression> rs) {
        return rs.stream()
                .map(r -> r.key().model() + " " + r.key().load().label() + " " + r.metric())
                .toList();
    }

    @Test
    void significantlySlowerBeyondTheMarginIsARegression() {
        List<Regression> found = Regression.find(Comparison.compare(a, b), 0.05);
        assertThat(labels(found))
                .contains("virtual-threads 1000 conn throughput", "virtual-threads 1000 conn p99")
                .doesNotContain("netty 1000 conn throughput", "thread-pool 1000 conn throughput");
        Regression vt = found.stream()
                .filter(r -> r.key().model().equals("virtual-threads"))
                .findFirst()
                .orElseThrow();
        assertThat(vt.significanceKnown()).isTrue();
        assertThat(vt.line()).startsWith(vt.key().label() + ": throughput -").endsWith(", significantly worse");
    }

    @Test
    void theOtherWayRoundTheFasterRunRegresses() {
        assertThat(labels(Regression.find(Comparison.compare(b, a), 0.05)))
                .contains("netty 1000 conn throughput", "netty 1000 conn p99")
                .doesNotContain("virtual-threads 1000 conn throughput");
    }

    @Test
    void aWideMarginOrTheSameRunFindsNothing() {
        assertThat(Regression.find(Comparison.compare(a, b), 10.0)).isEmpty();
        assertThat(Regression.find(Comparison.compare(a, a), 0.0)).isEmpty();
    }

    @Test
    void withoutRepetitionsTheMarginAloneDecidesAndTheLineSaysSo() {
        GroupKey key = new GroupKey("e", "netty", "delay", new LoadLevel(100, null));
        Comparison single = new Comparison(
                "A",
                "B",
                List.of(new ComparisonRow(
                        key,
                        null,
                        null,
                        new Change(100, 80, -0.2, null, Change.UNKNOWN),
                        new Change(10, 10.2, 0.02, null, Change.UNKNOWN),
                        "")),
                List.of(),
                List.of());
        List<Regression> found = Regression.find(single, 0.05);
        assertThat(labels(found)).containsExactly("netty 100 conn throughput");
        assertThat(found.get(0).significanceKnown()).isFalse();
        assertThat(found.get(0).line())
                .isEqualTo("e / netty / delay / 100 conn: throughput -20.0%, significance unknown (no repetitions):"
                        + " decided on the margin alone");
        assertThat(Regression.find(single, 0.01)).hasSize(2);
        assertThat(Regression.find(single, 0.25)).isEmpty();
    }
}
