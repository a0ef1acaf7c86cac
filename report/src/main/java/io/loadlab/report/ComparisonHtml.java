package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import java.util.List;

/** {@link Comparison} as one small self-contained HTML page: a table with the words coloured, no script. */
public final class ComparisonHtml {
    private ComparisonHtml() {}

    public static String render(Comparison c) {
        StringBuilder h = new StringBuilder();
        h.append(
                        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>loadlab compare</title><style>")
                .append(ChartLibrary.resourceText("report.css"))
                .append(".faster{color:#1f9d55;font-weight:600}.slower{color:#c53030;font-weight:600}")
                .append("</style></head><body><header><h1>loadlab compare</h1><p>A = ")
                .append(esc(c.nameA()))
                .append(" · B = ")
                .append(esc(c.nameB()))
                .append("</p><p class=\"meta\">Welch's t-test over repetitions; “faster” means B is better")
                .append(" (more req/s, lower p99).</p></header><table><thead><tr><th>model</th><th>scenario</th>")
                .append("<th>load</th><th class=\"n\">req/s A</th><th class=\"n\">req/s B</th><th>Δ req/s</th>")
                .append("<th>B is</th><th class=\"n\">p99 A</th><th class=\"n\">p99 B</th><th>Δ p99</th><th>p99</th>")
                .append("</tr></thead><tbody>\n");
        for (ComparisonRow r : c.rows()) {
            h.append("<tr><td>")
                    .append(esc(r.key().model()))
                    .append("</td><td>")
                    .append(esc(r.key().scenario()))
                    .append("</td><td>")
                    .append(esc(r.key().load().label()))
                    .append("</td>");
            if (r.throughput() == null) {
                h.append("<td colspan=\"8\" class=\"invalid\">not comparable: ")
                        .append(esc(r.note()))
                        .append("</td></tr>\n");
                continue;
            }
            h.append(num(Numbers.rps(r.a().throughput())))
                    .append(num(Numbers.rps(r.b().throughput())))
                    .append("<td>")
                    .append(esc(r.throughput().detail()))
                    .append("</td>")
                    .append(word(r.throughput().word()))
                    .append(num(Numbers.ms(r.a().p99().mean())))
                    .append(num(Numbers.ms(r.b().p99().mean())))
                    .append("<td>")
                    .append(esc(r.p99().detail()))
                    .append("</td>")
                    .append(word(r.p99().word()))
                    .append("</tr>\n");
        }
        h.append("</tbody></table>");
        unmatched(h, "Only in A", c.onlyInA());
        unmatched(h, "Only in B", c.onlyInB());
        return h.append("</body></html>\n").toString();
    }

    private static String num(String v) {
        return "<td class=\"n\">" + esc(v) + "</td>";
    }

    private static String word(String w) {
        String cls = w.equals(Change.FASTER) ? "faster" : w.equals(Change.SLOWER) ? "slower" : "";
        return "<td class=\"" + cls + "\">" + esc(w) + "</td>";
    }

    private static void unmatched(StringBuilder h, String title, List<GroupKey> keys) {
        if (keys.isEmpty()) {
            return;
        }
        h.append("<h3>").append(esc(title)).append(" (not compared)</h3><ul>");
        for (GroupKey k : keys) {
            h.append("<li>").append(esc(k.label())).append("</li>");
        }
        h.append("</ul>");
    }
}
