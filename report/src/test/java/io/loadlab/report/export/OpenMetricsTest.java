package io.loadlab.report.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ResultsUpgrade;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class OpenMetricsTest {
    private static final Pattern SAMPLE =
            Pattern.compile("^([a-z_]+)\\{([a-z_]+=\"(?:[^\"\\\\\\n]|\\\\[\\\\\"n])*\",?)+\\} (-?\\d+(\\.\\d+)?|NaN)$");

    @Test
    void everyFamilyIsContiguousEverySampleWellFormedAndItEndsWithEof() throws Exception {
        SuiteResults r = ResultsUpgrade.readSuite(Path.of("src/test/resources/fixtures/run-a/results.json"));
        String text = OpenMetrics.render(r);
        List<String> lines = text.lines().toList();
        assertThat(lines.get(lines.size() - 1)).isEqualTo("# EOF");
        Set<String> families = new LinkedHashSet<>();
        List<String> order = new ArrayList<>();
        String current = null;
        for (String line : lines.subList(0, lines.size() - 1)) {
            if (line.startsWith("# TYPE ")) {
                current = line.split(" ")[2];
                assertThat(families.add(current))
                        .as("family %s declared once", current)
                        .isTrue();
                order.add(current);
                continue;
            }
            if (line.startsWith("# ")) {
                assertThat(line).matches("# (HELP|UNIT) " + current + " .+");
                continue;
            }
            var m = SAMPLE.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            assertThat(m.group(1))
                    .as("a sample belongs to the family declared above it")
                    .startsWith(current);
        }
        assertThat(order)
                .containsExactly(
                        "loadlab_trial",
                        "loadlab_throughput_rps",
                        "loadlab_latency_seconds",
                        "loadlab_latency_max_seconds",
                        "loadlab_requests",
                        "loadlab_errors",
                        "loadlab_unfinished");
        long measured = r.trials().stream().filter(t -> t.load() != null).count();
        assertThat(lines.stream().filter(l -> l.startsWith("loadlab_trial_info{")))
                .hasSize(r.trials().size());
        assertThat(lines.stream().filter(l -> l.startsWith("loadlab_throughput_rps{")))
                .hasSize((int) measured);
        TrialResult first =
                r.trials().stream().filter(t -> t.load() != null).findFirst().orElseThrow();
        assertThat(text)
                .contains("loadlab_latency_seconds{suite=\"" + r.suite() + "\",trial=\"" + first.id() + "\"")
                .contains("quantile=\"0.99\"} "
                        + OpenMetrics.number(first.load().latencyMs().p99() / 1e3));
    }

    @Test
    void numbersArePlainDecimals() {
        assertThat(OpenMetrics.number(1500.0)).isEqualTo("1500");
        assertThat(OpenMetrics.number(0.00125)).isEqualTo("0.00125");
        assertThat(OpenMetrics.number(0)).isEqualTo("0");
        assertThat(OpenMetrics.number(Double.NaN)).isEqualTo("NaN");
    }
}
