package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import io.loadlab.core.Json;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.SuiteResults;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The report page: one HTML string holding the styles, the data as a JSON blob, Chart.js and the drawing script, so
 * that it opens offline and makes no request. Charts of the scenarios draw on load; per-trial charts draw when their
 * {@code <details>} is first opened, which keeps large suites quick to open.
 */
final class ReportHtml {
    private ReportHtml() {}

    static String render(ResultsDir dir) {
        SuiteResults r = dir.results();
        List<ScenarioSection> scenarios = ScenarioSection.of(TrialGroup.of(r));
        StringBuilder h = new StringBuilder(1 << 20);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>loadlab report — ")
                .append(esc(r.suite()))
                .append("</title><style>")
                .append(ChartLibrary.resourceText("report.css"))
                .append("</style></head><body>\n");
        header(h, r, scenarios);
        List<List<ExperimentAnswer>> answers =
                scenarios.stream().map(s -> Answers.of(r, dir.dir(), s)).toList();
        if (!scenarios.isEmpty()) {
            AnswerHtml.summary(h, answers);
        }
        Set<String> shown = new HashSet<>();
        for (int i = 0; i < scenarios.size(); i++) {
            ExperimentInfo e = r.experiment(scenarios.get(i).experiment());
            scenario(h, scenarios.get(i), answers.get(i), i, e != null && shown.add(e.name()) ? e : null, r, dir.dir());
        }
        unmeasured(h, r, shown);
        ReportSections.environment(h, dir.environment());
        ReportSections.methodology(h);
        ReportSections.files(h, r);
        h.append("<script type=\"application/json\" id=\"loadlab-data\">")
                .append(Html.scriptJson(Json.write(ReportData.of(dir.dir(), scenarios))))
                .append("</script>\n<script>")
                .append(ChartLibrary.script())
                .append("</script>\n<script>")
                .append(ChartLibrary.resourceText("report.js"))
                .append("</script>\n</body></html>\n");
        return h.toString();
    }

    private static void header(StringBuilder h, SuiteResults r, List<ScenarioSection> scenarios) {
        h.append("<header><h1>loadlab · ").append(esc(r.suite())).append("</h1>");
        if (r.description() != null) {
            h.append("<p>").append(esc(r.description())).append("</p>");
        }
        int trials = r.trials() == null ? 0 : r.trials().size();
        h.append("<p class=\"meta\">status <b>")
                .append(esc(r.status()))
                .append("</b> · started <span title=\"")
                .append(esc(r.startedAt()))
                .append("\">")
                .append(esc(RunTimes.started(r.startedAt())))
                .append(" UTC</span>")
                .append(r.finishedAt() == null ? "" : " · took " + esc(RunTimes.took(r.startedAt(), r.finishedAt())))
                .append(" · ")
                .append(trials)
                .append(" trials · schema ")
                .append(r.schemaVersion())
                .append("</p></header>\n");
        if (SuiteResults.ABANDONED.equals(r.status())) {
            h.append("<div class=\"banner\">Partial results: the suite was <b>abandoned</b> — the lab that ran it"
                            + " ended without finishing (killed or crashed); ")
                    .append(trials)
                    .append(" trials finished. What is shown is what was measured until then.</div>\n");
        } else if (!SuiteResults.COMPLETE.equals(r.status())) {
            h.append("<div class=\"banner\">Partial results: the suite is <b>")
                    .append(esc(r.status()))
                    .append("</b>; ")
                    .append(trials)
                    .append(" trials finished. What is shown is what was measured so far.</div>\n");
        }
        h.append("<nav><a href=\"#answer\">the answer</a> ");
        for (int i = 0; i < scenarios.size(); i++) {
            h.append("<a href=\"#s-")
                    .append(i)
                    .append("\">")
                    .append(esc(scenarios.get(i).title()))
                    .append("</a> ");
        }
        h.append("<a href=\"#environment\">environment</a> <a href=\"#methodology\">methodology</a>")
                .append(" <a href=\"#files\">raw files</a></nav>\n");
        if (scenarios.isEmpty()) {
            h.append("<p class=\"banner\">No trial has finished yet.</p>\n");
        }
    }

    /**
     * Experiments of the suite with no trial at all (every level declared beyond this host, or not reached yet): a
     * section still says what was not run and why, and what the source published.
     */
    private static void unmeasured(StringBuilder h, SuiteResults r, Set<String> shown) {
        if (r.experiments() == null) {
            return;
        }
        for (ExperimentInfo e : r.experiments()) {
            if (shown.contains(e.name())
                    || (e.published() == null && e.notRunOrEmpty().isEmpty())) {
                continue;
            }
            h.append("<section class=\"scenario\" id=\"x-")
                    .append(esc(e.name()))
                    .append("\"><h2>")
                    .append(esc(e.name() + " · " + e.label()))
                    .append("</h2>\n<p class=\"meta\">No trial of this experiment was measured.</p>\n");
            PublishedHtml.section(h, e, r.trials() == null ? List.of() : r.trials());
            h.append("</section>\n");
        }
    }

    private static void scenario(
            StringBuilder h,
            ScenarioSection s,
            List<ExperimentAnswer> answers,
            int i,
            ExperimentInfo e,
            SuiteResults r,
            Path dir) {
        h.append("<section class=\"scenario\" id=\"s-")
                .append(i)
                .append("\"><h2>")
                .append(esc(s.title()))
                .append("</h2>\n");
        answers.forEach(a -> AnswerHtml.answer(h, a));
        if (e != null) {
            CapacityHtml.section(h, e, r, dir);
            MetastabilityHtml.section(h, e, r);
            PublishedHtml.section(h, e, r.trials() == null ? List.of() : r.trials());
        }
        if (s.trials().stream().allMatch(t -> t.load() == null)) {
            h.append("<p class=\"meta\">No trial of this scenario was measured: nothing to draw.</p>\n");
            ReportTables.verdicts(h, s);
            h.append("</section>\n");
            return;
        }
        boolean failures = failuresOf(s);
        h.append("<div class=\"charts\">");
        if (s.loads().size() == 1) {
            String at = " at " + s.loads().get(0).label();
            chart(h, "throughput", i, "Throughput (req/s)" + at + "; marks: workload ceiling (grey), design cap (red)");
            chart(h, "latency", i, "Latency (ms)" + at + ": p50, p99, p99.9; grey mark: theoretical floor");
            if (failures) {
                chart(h, "errors", i, "Errors and rejections" + at);
            }
            chart(h, "cpu", i, "Server CPU (cores, mean)" + at);
            chart(h, "rss", i, "Server RSS (MiB, max)" + at);
            chart(h, "threads", i, "Server threads (max)" + at);
        } else {
            chart(
                    h,
                    "throughput",
                    i,
                    "Throughput (req/s) vs load, log–log; dashed: workload ceiling, dotted: design cap;"
                            + " ✕: invalid");
            chart(
                    h,
                    "latency",
                    i,
                    "Latency (ms) vs load: solid p99, dotted p50, dashed p99.9; grey: theoretical floor");
            if (failures) {
                chart(h, "errors", i, "Errors (solid) and rejections (dashed) vs load");
            }
            chart(h, "cpu", i, "Server CPU (cores, mean)");
            chart(h, "rss", i, "Server RSS (MiB, max)");
            chart(h, "threads", i, "Server threads (max)");
        }
        if (s.mixed()) {
            chart(h, "request-rps", i, "Per request name: throughput (req/s) at the highest load");
            chart(h, "request-p99", i, "Per request name: p99 (ms) at the highest load");
        }
        h.append("</div>\n");
        if (!failures) {
            h.append("<p class=\"meta\">No request failed and none was rejected in any trial of this scenario.</p>\n");
        }
        ReportTables.verdicts(h, s);
        ProfileHtml.section(h, s, i, answers, dir);
        ReportTables.timelines(h, s);
        h.append("</section>\n");
    }

    /** True when some trial had failed requests or 503 rejections: otherwise their chart would be empty. */
    private static boolean failuresOf(ScenarioSection s) {
        return s.trials().stream()
                .anyMatch(t -> t.load() != null && (t.load().errors().total() > 0 || t.rejections() > 0));
    }

    private static void chart(StringBuilder h, String kind, int scenario, String caption) {
        h.append("<figure><figcaption>")
                .append(esc(caption))
                .append("</figcaption><div class=\"chart\"><canvas data-chart=\"")
                .append(kind)
                .append("\" data-scenario=\"")
                .append(scenario)
                .append("\"></canvas></div></figure>");
    }
}
