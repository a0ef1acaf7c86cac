package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.NotRun;
import io.loadlab.core.result.Published;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.TrialResult;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * What an experiment's section says beside its answers: the declared load levels this host could not run, and why;
 * and the figures the reproduced experiment published beside this run's, with their ratio (this run ÷ published).
 * This run's figure is the mean over the valid trials of that model and load level; "—" when there is none.
 */
final class PublishedHtml {
    private PublishedHtml() {}

    /** One row of the published-vs-this-run table. */
    record Row(Published.Figure figure, String metric, double published, double measured, int trials) {
        double ratio() {
            return Double.isNaN(measured) ? Double.NaN : measured / published;
        }
    }

    static void section(StringBuilder h, ExperimentInfo e, List<TrialResult> trials) {
        notRun(h, e);
        published(h, e, trials);
    }

    static void notRun(StringBuilder h, ExperimentInfo e) {
        List<NotRun> levels = e.notRunOrEmpty();
        if (levels.isEmpty()) {
            return;
        }
        h.append("<div class=\"not-run\"><h3>Not run here</h3><ul>");
        for (NotRun n : levels) {
            h.append("<li><b>").append(esc(n.load().label())).append("</b>: ").append(esc(n.reason()));
            if (!n.fix().isEmpty()) {
                h.append(". To raise it (<code>loadlab doctor</code>): ");
                h.append(String.join(
                        "; ",
                        n.fix().stream().map(l -> "<code>" + esc(l) + "</code>").toList()));
            }
            h.append("</li>");
        }
        h.append("</ul></div>\n");
    }

    static void published(StringBuilder h, ExperimentInfo e, List<TrialResult> trials) {
        Published p = e.published();
        if (p == null || p.figures().isEmpty()) {
            return;
        }
        h.append("<div class=\"published\"><h3>Published vs this run</h3><p class=\"meta\">")
                .append(esc(p.source()));
        if (p.hardware() != null) {
            h.append(" · ").append(esc(p.hardware()));
        }
        if (p.tool() != null) {
            h.append(" · <code>").append(esc(p.tool())).append("</code>");
        }
        h.append("</p><table class=\"published\"><thead><tr><th>published setup</th><th>model here</th>")
                .append("<th>load</th><th>metric</th><th class=\"n\">published</th><th class=\"n\">this run</th>")
                .append("<th class=\"n\">ratio</th><th>source says</th></tr></thead><tbody>");
        for (Row r : rows(e, trials)) {
            Published.Figure f = r.figure();
            h.append("<tr><td>")
                    .append(esc(f.setup() == null ? Numbers.DASH : f.setup()))
                    .append("</td><td>")
                    .append(esc(f.model() == null ? "— (not run by this lab)" : f.model()))
                    .append("</td><td>")
                    .append(esc(f.load().label() + (f.request() == null ? "" : ", " + f.request())))
                    .append("</td><td>")
                    .append(esc(r.metric()))
                    .append("</td><td class=\"n\">")
                    .append(esc(exact(r.published())))
                    .append("</td><td class=\"n\">")
                    .append(esc(measuredWords(e, r)))
                    .append("</td><td class=\"n\">")
                    .append(esc(
                            Double.isNaN(r.ratio()) ? Numbers.DASH : String.format(Locale.ROOT, "%.2f×", r.ratio())))
                    .append("</td><td>«")
                    .append(esc(f.quote()))
                    .append("»")
                    .append(f.note() == null ? "" : " <small>(" + esc(f.note()) + ")</small>")
                    .append("</td></tr>");
        }
        h.append("</tbody></table><p class=\"meta\">ratio = this run ÷ published; this run is the mean of the valid")
                .append(" trials of that model and load level. Different hardware, tools and versions: the ratio")
                .append(" says how far this machine is from the source, not whether a model is better.</p></div>\n");
    }

    /** Every published figure × metric, with this run's mean of the same. */
    static List<Row> rows(ExperimentInfo e, List<TrialResult> trials) {
        List<Row> out = new ArrayList<>();
        for (Published.Figure f : e.published().figures()) {
            List<TrialResult> mine = f.model() == null
                    ? List.of()
                    : trials.stream()
                            .filter(t -> e.name().equals(t.key().experiment())
                                    && f.model().equals(t.key().model())
                                    && f.load().equals(t.key().load())
                                    && t.valid()
                                    && t.load() != null)
                            .toList();
            add(out, f, "req/s", f.rps(), mine, t -> rps(t, f.request()));
            add(
                    out,
                    f,
                    "mean ms",
                    f.meanMs(),
                    mine,
                    t -> latency(t, f.request()).mean());
            add(out, f, "p50 ms", f.p50Ms(), mine, t -> latency(t, f.request()).p50());
            add(out, f, "p99 ms", f.p99Ms(), mine, t -> latency(t, f.request()).p99());
        }
        return out;
    }

    private static void add(
            List<Row> out,
            Published.Figure f,
            String metric,
            Double published,
            List<TrialResult> mine,
            ToDoubleFunction<TrialResult> value) {
        if (published == null) {
            return;
        }
        double measured = mine.stream()
                .mapToDouble(value)
                .filter(v -> !Double.isNaN(v))
                .average()
                .orElse(Double.NaN);
        out.add(new Row(f, metric, published, measured, mine.size()));
    }

    private static double rps(TrialResult t, String request) {
        if (request == null) {
            return t.load().throughput().rps();
        }
        RequestStats r =
                t.load().perRequest() == null ? null : t.load().perRequest().get(request);
        return r == null ? Double.NaN : r.throughputRps();
    }

    private static LatencyStats latency(TrialResult t, String request) {
        if (request == null) {
            return t.load().latencyMs();
        }
        RequestStats r =
                t.load().perRequest() == null ? null : t.load().perRequest().get(request);
        return r == null ? new LatencyStats(0, Double.NaN, 0, 0, Double.NaN, 0, 0, Double.NaN, 0, 0, 0) : r.latencyMs();
    }

    /** A published figure as the source wrote it: every digit it gave (156.64, 83,302.25), grouped. */
    static String exact(double v) {
        DecimalFormat f = new DecimalFormat("#,##0.##########", DecimalFormatSymbols.getInstance(Locale.ROOT));
        return f.format(v);
    }

    private static String number(String metric, double v) {
        return metric.equals("req/s") ? Numbers.rps(v) : Numbers.ms(v);
    }

    static String measuredWords(ExperimentInfo e, Row r) {
        if (r.figure().model() == null) {
            return Numbers.DASH;
        }
        boolean notRunHere = e.notRunOrEmpty().stream()
                .anyMatch(n -> n.load().equals(r.figure().load()));
        if (notRunHere) {
            return "not run here";
        }
        if (Double.isNaN(r.measured())) {
            return Numbers.DASH + " (no valid trial)";
        }
        return number(r.metric(), r.measured()) + (r.trials() > 1 ? " (" + r.trials() + " runs)" : "");
    }
}
