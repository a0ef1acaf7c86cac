package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ResultsUpgrade;
import io.loadlab.core.result.SuiteResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The end of {@code loadlab run}: the answers first, then the table, the findings and the paths. */
class RunSummaryTest {
    private static final Path FIXTURES = Path.of("..", "report", "src", "test", "resources", "fixtures");

    private static String print(String fixture) throws IOException {
        Path dir = FIXTURES.resolve(fixture);
        SuiteResults r = ResultsUpgrade.readSuite(dir.resolve("results.json"));
        StringWriter out = new StringWriter();
        RunSummary.print(r, dir, dir.resolve("report.html"), new PrintWriter(out));
        return out.toString();
    }

    @Test
    void theAnswersComeBeforeTheTableAndTheFindingsAfterIt() throws IOException {
        String out = print("run-a");
        int answers = out.indexOf("The answer (valid trials only; each experiment's criterion)");
        int table = out.indexOf("fixture (complete)\nmodel ");
        int findings = out.indexOf("  c10k-backend-single-thread-backend-200c-r1 STARVED: 199 of 200 connections");
        assertThat(answers).isNotNegative().isLessThan(table);
        assertThat(findings).isGreaterThan(table);
        assertThat(out.substring(answers, table))
                .contains("c10k-backend · backend at 200 conn, ranked by highest goodput with p99 ≤ 200 ms")
                .contains("  netty serves the most with p99 ≤ 200 ms: ")
                .contains("single-thread — a finding about the model (STARVED): 199 of 200 connections")
                .contains("above the SLO (p99 > 200 ms), not ranked first:")
                .containsPattern("\\n    3\\. +virtual-threads +3,\\d{3} req/s .*BELOW_CEILING\\n");
        assertThat(out).contains("  note: load level 20000 conn skipped", "Results: ", "Report:  ");
    }

    @Test
    void schemaOneResultsGetTheDefaultCriterion() throws IOException {
        String out = print("schema-1");
        assertThat(out)
                .contains("rxjava-servers · delay-100ms at 1000 conn, ranked by highest goodput (the closed model's"
                        + " default)")
                .contains("  virtual-threads serves the most: 9,609 ± 292 req/s, 31% more than netty");
    }
}
