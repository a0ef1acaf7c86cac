package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import java.util.List;
import java.util.Map;

/** The per-trial parts of a scenario section: the verdict table and the collapsed per-trial timelines. */
final class ReportTables {
    private ReportTables() {}

    static void verdicts(StringBuilder h, ScenarioSection s) {
        h.append(
                        "<h3>Verdicts</h3><div class=\"wide\"><table class=\"verdicts\"><thead><tr><th>model</th><th>load</th><th>rep</th>")
                .append("<th class=\"n\">req/s</th><th class=\"n\">p50 ms</th><th class=\"n\">p99 ms</th>")
                .append("<th class=\"n\">errors</th><th class=\"n\">rejected</th><th class=\"n\">unfinished</th>")
                .append("<th>connections</th><th>verdict</th><th>reason</th></tr></thead><tbody>\n");
        for (TrialResult t : s.trials()) {
            boolean valid = t.valid();
            VerdictCode code =
                    t.load() == null && t.worstVerdict() == VerdictCode.OK ? VerdictCode.APP_BROKEN : t.worstVerdict();
            boolean numbers = t.load() != null && code != VerdictCode.APP_BROKEN;
            h.append("<tr").append(rowClass(valid, code)).append(">");
            keyCells(h, t, t.files());
            h.append("<td class=\"n\">")
                    .append(numbers ? Numbers.rps(t.load().throughput().rps()) : Numbers.DASH)
                    .append("</td><td class=\"n\">")
                    .append(numbers ? Numbers.ms(t.load().latencyMs().p50()) : Numbers.DASH)
                    .append("</td><td class=\"n\">")
                    .append(numbers ? Numbers.ms(t.load().latencyMs().p99()) : Numbers.DASH)
                    .append("</td><td class=\"n\">")
                    .append(
                            t.load() == null || t.load().errors() == null
                                    ? Numbers.DASH
                                    : Numbers.count(t.load().errors().total()))
                    .append("</td><td class=\"n\">")
                    .append(Numbers.count(t.rejections()))
                    .append("</td><td class=\"n\">")
                    .append(esc(TrialFacts.unfinishedShort(t)))
                    .append("</td><td>")
                    .append(esc(TrialFacts.servedShort(t)))
                    .append("</td><td>")
                    .append(Html.badge(code))
                    .append("</td><td class=\"reason\">")
                    .append(esc(reasons(t)))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n");
    }

    /** A trial's first three cells in every per-trial table: model, load, repetition. */
    static void keyCells(StringBuilder h, TrialResult t) {
        keyCells(h, t, null);
    }

    /** {@link #keyCells(StringBuilder, TrialResult)}, with these key files under the model's name (none if null). */
    private static void keyCells(StringBuilder h, TrialResult t, Map<String, String> files) {
        h.append("<td>").append(esc(t.key().model()));
        keyFiles(h, files);
        h.append("</td><td>")
                .append(esc(t.key().load().label()))
                .append("</td><td>")
                .append(t.key().repetition())
                .append("</td>");
    }

    private static String rowClass(boolean valid, VerdictCode code) {
        if (valid) {
            return "";
        }
        return code.aboutTheModel()
                ? " class=\"invalid finding\" title=\"not comparable: a finding about the model\""
                : " class=\"invalid\" title=\"invalid: not ranked\"";
    }

    private static String reasons(TrialResult t) {
        StringBuilder out = new StringBuilder();
        for (Verdict v : t.verdicts() == null ? List.<Verdict>of() : t.verdicts()) {
            if (v.code() != VerdictCode.OK) {
                out.append(out.isEmpty() ? "" : "; ")
                        .append(v.code())
                        .append(": ")
                        .append(v.reason());
            }
        }
        if (out.isEmpty() && t.load() == null) {
            out.append(
                    t.validation() != null && t.validation().failure() != null
                            ? t.validation().failure()
                            : "no load data recorded");
        }
        return out.toString();
    }

    static void files(StringBuilder h, Map<String, String> files) {
        if (files == null) {
            return;
        }
        files.forEach((name, path) -> h.append("<a href=\"")
                .append(esc(path))
                .append("\">")
                .append(esc(name))
                .append("</a> "));
    }

    /**
     * The files a reader opens first, named as on disk, on a line of their own under the model's name (a column of
     * their own pushed the table past the page's width); every file of the trial is listed under "Raw files".
     */
    private static void keyFiles(StringBuilder h, Map<String, String> files) {
        if (files == null) {
            return;
        }
        h.append("<div class=\"files\">");
        String sep = "";
        for (String key : List.of("dir", "load_json", "server_log", "loadgen_log", "flame_graph")) {
            String path = files.get(key);
            if (path != null) {
                String label = key.equals("dir") ? "dir" : path.substring(path.lastIndexOf('/') + 1);
                h.append(sep)
                        .append("<a href=\"")
                        .append(esc(path))
                        .append("\">")
                        .append(esc(label))
                        .append("</a>");
                sep = " · ";
            }
        }
        h.append("</div>");
    }

    static void timelines(StringBuilder h, ScenarioSection s) {
        h.append("<h3>Per-trial timelines</h3>\n");
        for (TrialResult t : s.trials()) {
            if (t.load() == null) {
                continue;
            }
            h.append("<details class=\"trial")
                    .append(t.valid() ? "" : " invalid")
                    .append("\" data-trial=\"")
                    .append(esc(t.id()))
                    .append("\"><summary>")
                    .append(esc(t.key().model()))
                    .append(" · ")
                    .append(esc(t.key().load().label()))
                    .append(" · rep ")
                    .append(t.key().repetition())
                    .append(" ")
                    .append(Html.badge(t.worstVerdict()))
                    .append("</summary><div class=\"charts\">")
                    .append("<figure><figcaption>Per second: throughput (req/s), p99 (ms), errors")
                    .append(ReportData.hasServerJit(t) ? ", the server's JIT (cores)" : "")
                    .append(ReportData.hasServerGc(t) ? ", its GC pauses (ms)" : "")
                    .append("</figcaption>")
                    .append("<div class=\"chart\"><canvas data-chart=\"timeline\" data-trial=\"")
                    .append(esc(t.id()))
                    .append("\"></canvas></div></figure>")
                    .append("<figure><figcaption>Latency percentile spectrum (ms)</figcaption>")
                    .append("<div class=\"chart\"><canvas data-chart=\"spectrum\" data-trial=\"")
                    .append(esc(t.id()))
                    .append("\"></canvas></div></figure></div>");
            facts(h, t);
            h.append("</details>\n");
        }
    }

    private static void facts(StringBuilder h, TrialResult t) {
        h.append("<table class=\"kv facts\">");
        TrialFacts.of(t)
                .forEach((k, v) -> h.append("<tr><th>")
                        .append(esc(k))
                        .append("</th><td>")
                        .append(esc(v))
                        .append("</td></tr>"));
        h.append("</table>");
    }
}
