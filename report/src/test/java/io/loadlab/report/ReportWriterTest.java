package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.result.ResultsUpgrade;
import io.loadlab.core.result.SuiteResults;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {
    @TempDir
    Path tmp;

    @Test
    void writesOneSelfContainedFile() throws Exception {
        Path dir = Fixtures.copy("run-a", tmp.resolve("r"));
        Path report = ReportWriter.write(dir);
        assertThat(report).isEqualTo(dir.resolve("report.html"));
        String html = Files.readString(report);
        assertThat(html).contains("Chart.js v" + ChartLibrary.version(), "id=\"loadlab-data\"");
        assertThat(html).doesNotContainPattern("<script[^>]+src=").doesNotContainPattern("<link[^>]+href=");
        assertThat(html).doesNotContain("sourceMappingURL");
        assertThat(html).contains("href=\"results.json\"", "href=\"trials/");
        assertThat(html).doesNotContain("Partial results");
    }

    @Test
    void whatThisMeansNamesTheWinnerAndExplainsThePlateau() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        assertThat(html)
                .contains("At 1000 conn, virtual-threads served the most")
                .contains("than netty")
                .contains("significant (Welch p")
                .contains("thread-pool plateaus at 1,000 req/s = 100 threads ÷ 100 ms")
                .contains("Not ranked: thread-per-connection at 1000 conn (ERRORS)");
        assertThat(html).contains("At 1000 conn, servlet-async served the most");
    }

    @Test
    void invalidTrialsAreGreyedWithTheirReason() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        assertThat(html).contains("<tr class=\"invalid\"");
        assertThat(html).contains("badge app_broken", "POST /zipcodes answered nothing within 5 s");
        int row = html.indexOf("<tr class=\"invalid\" title=\"invalid: not ranked\"><td>single-thread");
        assertThat(row).isPositive();
        assertThat(html.substring(row, html.indexOf("</tr>", row))).contains("<td class=\"n\">—</td>");
    }

    @Test
    void partialResultsRenderWithABanner() throws Exception {
        Path dir = Fixtures.copy("run-a", tmp.resolve("p"));
        SuiteResults full = ResultsUpgrade.readSuite(dir.resolve("results.json"));
        SuiteResults partial = new SuiteResults(
                full.schemaVersion(),
                full.suite(),
                full.description(),
                SuiteResults.INTERRUPTED,
                full.startedAt(),
                null,
                full.settings(),
                full.experiments(),
                null,
                full.notes(),
                full.trials().subList(0, 2));
        Json.writeAtomically(dir.resolve("results.json"), partial);
        Files.delete(dir.resolve("environment.json"));
        String html = Files.readString(ReportWriter.write(dir));
        assertThat(html).contains("Partial results: the suite is <b>interrupted</b>; 2 trials finished");
        assertThat(html).contains("No environment.json").contains("At 10 conn only netty gave a valid result");
    }

    @Test
    void missingDirectoryOrResultsIsAUserError() throws Exception {
        assertThatThrownBy(() -> ReportWriter.write(tmp.resolve("nope")))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("no such results directory");
        Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> ReportWriter.write(tmp.resolve("empty")))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("no results.json in");
    }
}
