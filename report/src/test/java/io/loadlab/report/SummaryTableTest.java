package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTableTest {
    private final String text = SummaryTable.render(Fixtures.results("run-a"), TableFormat.TEXT);

    private String line(String model, String load) {
        List<String> lines = text.lines()
                .filter(l -> l.startsWith(model + " ") && l.contains(" " + load + " "))
                .toList();
        assertThat(lines).hasSize(1);
        return lines.get(0);
    }

    @Test
    void repetitionsShowMeanAndConfidenceHalfWidth() {
        assertThat(text.lines().findFirst().orElseThrow()).isEqualTo("fixture (complete)");
        assertThat(line("netty", "1000 conn")).matches(".*\\s3\\s+7,\\d{3} ± \\d+(\\.\\d)?\\s.*BELOW_CEILING$");
        assertThat(line("thread-per-connection", "100 conn"))
                .doesNotContain("±")
                .endsWith("OK");
    }

    @Test
    void verdictWordsAndBrokenTrialsWithoutThroughput() {
        assertThat(line("single-thread", "10 conn")).contains("—").endsWith("APP_BROKEN");
        assertThat(line("thread-per-connection", "1000 conn"))
                .contains(" 1,749 ")
                .endsWith("ERRORS");
        assertThat(line("single-thread", "200 conn")).endsWith("STARVED");
        assertThat(line("thread-pool", "1000 conn")).endsWith("NOT_STEADY");
    }

    @Test
    void columnsAlignAndMarkdownIsATable() {
        List<String> lines = text.lines().skip(1).toList();
        int verdictColumn = lines.get(0).indexOf("verdict");
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isGreaterThan(verdictColumn));
        String md = SummaryTable.render(Fixtures.results("run-a"), TableFormat.MARKDOWN);
        assertThat(md).startsWith("### fixture (complete)").contains("| model | experiment | load |", "---:|");
        assertThat(md.lines().filter(l -> l.startsWith("| ")).count()).isEqualTo(1 + 21);
    }

    @Test
    void schemaOneResultsStillMakeATable() {
        String old = SummaryTable.render(Fixtures.results("schema-1"), TableFormat.TEXT);
        assertThat(old.lines().filter(l -> l.startsWith("thread-pool ")).toList())
                .hasSize(3)
                .anySatisfy(l -> assertThat(l).endsWith("NOT_STEADY"));
    }
}
