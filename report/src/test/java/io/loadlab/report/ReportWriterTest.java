package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.result.ResultsUpgrade;
import io.loadlab.core.result.SuiteResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
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
    void eachVerdictRowLinksItsKeyFilesUnderTheModelNotInAColumnOfTheirOwn() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        String table = html.substring(html.indexOf("<table class=\"verdicts\">"));
        table = table.substring(0, table.indexOf("</table>"));
        assertThat(table).doesNotContain("<th>files</th>");
        String firstRow = table.substring(table.indexOf("<tbody>"));
        firstRow = firstRow.substring(0, firstRow.indexOf("</tr>"));
        String modelCell = firstRow.substring(firstRow.indexOf("<td>"), firstRow.indexOf("</td>"));
        assertThat(modelCell)
                .startsWith("<td>netty<div class=\"files\"><a href=\"trials/")
                .contains(">server.log</a> · <a href=\"trials/", ">loadgen.log</a></div>");
    }

    @Test
    void theHeaderGivesTheStartToTheSecondAndHowLongTheSuiteTook() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        assertThat(html)
                .contains(
                        "started <span title=\"2026-11-20T10:00:00Z\">2026-11-20 10:00:00 UTC</span> · took 45 min 0 s")
                .doesNotContain("finished 2026");
    }

    @Test
    void thePageOpensWithTheAnswerAndEverySectionWithItsOwn() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        int answer = html.indexOf("<section id=\"answer\"");
        int firstSection = html.indexOf("<section class=\"scenario\"");
        assertThat(answer).isPositive().isLessThan(firstSection);
        assertThat(html.substring(answer, firstSection))
                .contains("c10k-backend · backend at 200 conn</a>: netty serves the most with p99 ≤ 200 ms")
                .contains("servlet-async has the lowest p99 of &#39;fast&#39;")
                .contains("Not comparable: single-thread <span class=\"badge finding starved\"");
        String backend = html.substring(html.indexOf("<section class=\"scenario\" id=\"s-1\""));
        assertThat(backend.indexOf("<div class=\"answer\">"))
                .isPositive()
                .isLessThan(backend.indexOf("<div class=\"charts\">"));
        assertThat(html).doesNotContain("What this means");
    }

    @Test
    void theAnswerShowsTheRankingTheSloAndWhatIsNotComparable() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        String backend =
                html.substring(html.indexOf("<section class=\"scenario\" id=\"s-1\""), html.indexOf("id=\"s-2\""));
        assertThat(backend)
                .contains("ranked by highest goodput with p99 ≤ 200 ms (the experiment&#39;s criterion)")
                .contains("What separates them: netty used")
                .contains("Above the SLO (p99 &gt; 200 ms), not ranked first:")
                .contains("<span class=\"badge warning below_ceiling\"")
                .contains("at its design cap (thread-pool: 100 threads ÷ 50ms = 2000 req/s)")
                .contains("<li class=\"finding\"><span class=\"badge finding starved\"");
    }

    @Test
    void aScenarioWithoutFailuresSaysSoInsteadOfDrawingAnEmptyChart() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        assertThat(html).contains("No request failed and none was rejected in any trial of this scenario.");
        assertThat(html).contains("data-chart=\"errors\""); // the scenarios with failures keep their chart
    }

    @Test
    void verdictRowsShowUnfinishedRequestsAndStarvedConnections() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        int row = html.indexOf("<tr class=\"invalid finding\" title=\"not comparable: a finding about the model\">"
                + "<td>single-thread");
        assertThat(row).isPositive();
        assertThat(html.substring(row, html.indexOf("</tr>", row)))
                .contains("199 · oldest 6,000 ms", "199 of 200 got nothing", "badge finding starved");
    }

    @Test
    void trialDetailsNameCeilingsFairnessSharesAndDependencies() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        String pool = html.substring(html.indexOf("data-trial=\"c10k-backend-thread-pool-backend-200c-r1\"><summary>"));
        pool = pool.substring(0, pool.indexOf("</details>"));
        assertThat(pool)
                .contains("<th>workload ceiling</th><td>4,000 req/s — 200 connections ÷ 50ms = 4000 req/s</td>")
                .contains("<th>design cap</th><td>2,000 req/s — thread-pool: 100 threads ÷ 50ms = 2000 req/s</td>")
                .contains("<th>backend</th><td>11,")
                .contains("in flight at once: peak 100, mean")
                .contains("<th>database</th><td>—</td>");
        String starved =
                html.substring(html.indexOf("data-trial=\"c10k-backend-single-thread-backend-200c-r1\"><summary>"));
        assertThat(starved.substring(0, starved.indexOf("</details>")))
                .contains("199 requests, the oldest 6,000 ms old; they are in the latency at their age, a lower bound")
                .contains("200 connections; responses per connection: min 0, median 0.0, max 120; 199 completed none");
        String mix = html.substring(html.indexOf("data-trial=\"spring-async-servlet-servlet-sync-mixed-1000rps-r1\">"));
        assertThat(mix.substring(0, mix.indexOf("</details>")))
                .containsPattern("fast planned 90.0%, realized (89|90)\\.\\d% \\([+-]\\d\\.\\d points\\)");
    }

    @Test
    void methodologyNamesWhatInvalidatesAndTheNewCodes() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        String m = html.substring(html.indexOf("<section id=\"methodology\""));
        assertThat(m)
                .contains("APP_BROKEN", "ERRORS", "LOADGEN_SATURATED", "DEPENDENCY_BOUND", "WORK_MISMATCH")
                .contains("STARVED (more than 1% of the connections completed nothing in the window)")
                .contains("BELOW_CEILING (under 90% of the ceiling")
                .contains("a lower bound of their latency")
                .contains("first garbage collection would fall inside the window, up to warmup_limit")
                .contains("runs the load generator's receiving of it and wakes the load generator's thread");
    }

    @Test
    void anExperimentSectionShowsPublishedBesideMeasuredAndTheLevelsNotRunWithWhy() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        String delay =
                html.substring(html.indexOf("<section class=\"scenario\" id=\"s-0\""), html.indexOf("id=\"s-1\""));
        assertThat(delay)
                .contains("<h3>Not run here</h3>")
                .contains("<b>50000 conn</b>: needs 50,000 connections; this host allows about 19,800: the binding"
                        + " limit is open files (RLIMIT_NOFILE)")
                .contains("<code>*    hard nofile 1048576</code>")
                .contains("<h3>Published vs this run</h3>")
                .contains("RxJava book, HTTP server benchmarks · home laptop, Intel i7 2.4 GHz");
        String rows = delay.substring(delay.indexOf("<table class=\"published\""));
        double measured = Fixtures.results("run-a").trials().stream()
                .filter(t -> t.key().model().equals("thread-pool")
                        && t.key().experiment().equals("rxjava-servers")
                        && t.key().load().connections() == 1000
                        && t.valid())
                .mapToDouble(t -> t.load().throughput().rps())
                .average()
                .orElseThrow();
        assertThat(rows)
                .contains("<td>ThreadPool, 100 threads</td><td>thread-pool</td><td>1000 conn</td><td>req/s</td>"
                        + "<td class=\"n\">1,000</td><td class=\"n\">" + Numbers.rps(measured))
                .contains(String.format(Locale.ROOT, "%.2f×", measured / 1000.0))
                .contains("«总计1000个RPS»")
                .contains("<td>HttpTcpNettyServer</td><td>netty</td><td>50000 conn</td><td>req/s</td>"
                        + "<td class=\"n\">90,000</td><td class=\"n\">not run here</td><td class=\"n\">—</td>");
        assertThat(PublishedHtml.exact(156.64)).isEqualTo("156.64");
        assertThat(PublishedHtml.exact(83302.25)).isEqualTo("83,302.25");
        assertThat(PublishedHtml.exact(18291)).isEqualTo("18,291");
        assertThat(html.substring(html.indexOf("id=\"s-1\"")))
                .as("only the experiment that has them")
                .doesNotContain("Published vs this run");
    }

    @Test
    void schemaOneResultsStillRenderWithDashesForWhatTheyDidNotRecord() throws Exception {
        String html = ReportWriter.render(Fixtures.source("schema-1"));
        assertThat(html)
                .contains(
                        "schema " + SuiteResults.SCHEMA_VERSION, "virtual-threads serves the most: 9,609 ± 292 req/s");
        String details = html.substring(html.indexOf("<details class=\"trial\""));
        assertThat(details.substring(0, details.indexOf("</details>")))
                .contains("<th>unfinished</th><td>—</td>", "<th>connections served</th><td>—</td>")
                .contains("<th>design cap</th><td>—</td>");
    }

    @Test
    void invalidTrialsAreGreyedWithTheirReason() throws Exception {
        String html = ReportWriter.render(Fixtures.source("run-a"));
        assertThat(html).contains("<tr class=\"invalid\" title=\"invalid: not ranked\"><td>thread-per-connection");
        assertThat(html).contains("badge invalid app_broken", "POST /zipcodes answered nothing within 5 s");
        int row = html.indexOf("<tr class=\"invalid\" title=\"invalid: not ranked\"><td>single-thread");
        assertThat(row).isPositive();
        assertThat(html.substring(row, html.indexOf("</tr>", row))).contains("<td class=\"n\">—</td>");
        String crud = html.substring(html.indexOf("id=\"s-3\""));
        assertThat(crud)
                .contains("No trial of this scenario was measured: nothing to draw.")
                .doesNotContain("<canvas");
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
        assertThat(html).contains("No environment.json").contains("rxjava-servers · delay at 10 conn</a>: ");
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
