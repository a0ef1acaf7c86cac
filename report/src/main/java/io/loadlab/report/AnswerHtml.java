package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import java.util.List;
import java.util.Map;

/**
 * The answers as HTML: the page's opening summary (one headline per experiment and load level, linked to its
 * section) and the answer that opens each section, with the ranking, the models above the SLO and the trials that are
 * not comparable. The sentences are {@link ExperimentAnswer}'s, the same the terminal prints.
 */
final class AnswerHtml {
    private AnswerHtml() {}

    /** The page's opening: every headline, each linked to the section of its experiment. */
    static void summary(StringBuilder h, List<List<ExperimentAnswer>> bySection) {
        h.append("<section id=\"answer\" class=\"answers\"><h2>The answer</h2>")
                .append("<p class=\"meta\">Valid trials only, best first by each experiment's criterion;")
                .append(" invalid trials are listed as not comparable in their section.</p><ul>");
        for (int i = 0; i < bySection.size(); i++) {
            for (ExperimentAnswer a : bySection.get(i)) {
                h.append("<li><a href=\"#s-")
                        .append(i)
                        .append("\">")
                        .append(esc(a.where()))
                        .append("</a>: ")
                        .append(esc(a.headline()));
                if (a.evidenceSentence() != null) {
                    h.append(' ').append(esc(a.evidenceSentence()));
                }
                a.parity()
                        .forEach(p -> h.append(" <span class=\"parity\">")
                                .append(esc(p))
                                .append("</span>"));
                if (!a.notComparable().isEmpty()) {
                    h.append(" <span class=\"nc\">Not comparable: ");
                    a.notComparable()
                            .forEach(n -> h.append(esc(n.model()))
                                    .append(' ')
                                    .append(Html.badge(n.code()))
                                    .append(' '));
                    h.append("</span>");
                }
                h.append("</li>");
            }
        }
        h.append("</ul></section>\n");
    }

    /** The answer of one load level, opening its section. */
    static void answer(StringBuilder h, ExperimentAnswer a) {
        h.append("<div class=\"answer\"><h3>At ")
                .append(esc(a.load().label()))
                .append(" <small>ranked by ")
                .append(esc(a.by().describe()))
                .append("</small></h3><p class=\"headline\">")
                .append(esc(a.headline()))
                .append("</p>");
        if (a.evidenceSentence() != null) {
            h.append("<p class=\"evidence\">").append(esc(a.evidenceSentence())).append("</p>");
        }
        a.parity().forEach(p -> h.append("<p class=\"parity\">").append(esc(p)).append("</p>"));
        if (!a.ranked().isEmpty()) {
            ranking(h, a, a.ranked(), true);
        }
        if (!a.aboveSlo().isEmpty()) {
            h.append("<p class=\"sub\">Above the SLO (p99 &gt; ")
                    .append(esc(a.by().sloWords()))
                    .append("), not ranked first:</p>");
            ranking(h, a, a.aboveSlo(), false);
        }
        if (!a.notComparable().isEmpty()) {
            h.append("<p class=\"sub\">Not comparable:</p><ul class=\"not-comparable\">");
            for (NotComparable n : a.notComparable()) {
                h.append("<li")
                        .append(n.finding() ? " class=\"finding\"" : "")
                        .append('>')
                        .append(Html.badge(n.code()))
                        .append(' ')
                        .append(esc(n.wordsBesideBadge()))
                        .append("</li>");
            }
            h.append("</ul>");
        }
        h.append("</div>\n");
    }

    private static void ranking(StringBuilder h, ExperimentAnswer a, List<RankedModel> models, boolean numbered) {
        String of = a.by().request() == null ? "" : " of '" + a.by().request() + "'";
        String other = a.by().byP99() ? "req/s" + of : "p99 ms" + of;
        h.append("<table class=\"ranking\"><thead><tr>")
                .append(numbered ? "<th>#</th>" : "")
                .append("<th>model</th><th class=\"n\">")
                .append(esc((a.by().byP99() ? "p99 ms" : "req/s") + of))
                .append("</th><th class=\"n\">")
                .append(esc(other))
                .append(
                        "</th><th class=\"n\">server CPU / request</th><th>runs</th><th>notes</th></tr></thead><tbody>");
        for (int i = 0; i < models.size(); i++) {
            RankedModel m = models.get(i);
            h.append("<tr>")
                    .append(numbered ? "<td>" + (i + 1) + "</td>" : "")
                    .append("<td>")
                    .append(esc(m.model()))
                    .append("</td><td class=\"n\"><b>")
                    .append(esc(m.valueNumber()))
                    .append("</b></td><td class=\"n\">")
                    .append(esc(m.otherNumber()))
                    .append("</td><td class=\"n\">")
                    .append(esc(
                            Double.isNaN(m.cpuMicrosPerRequest())
                                    ? Numbers.DASH
                                    : Numbers.micros(m.cpuMicrosPerRequest())))
                    .append("</td><td>")
                    .append(esc(m.runsWords()))
                    .append("</td><td>");
            if (m.bound() != null) {
                h.append(esc(m.bound())).append(' ');
            }
            for (Map.Entry<VerdictCode, List<Verdict>> w : m.warnings().entrySet()) {
                h.append(Html.badge(w.getKey()))
                        .append(' ')
                        .append(esc(w.getValue().get(0).reason()))
                        .append(' ');
            }
            h.append("</td></tr>");
        }
        h.append("</tbody></table>");
    }
}
