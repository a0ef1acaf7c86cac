package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import io.loadlab.core.profile.Frames;

/** {@link ProfileComparison} in HTML: a fragment for the report's model comparison, or a page of its own. */
public final class ProfileComparisonHtml {
    private ProfileComparisonHtml() {}

    public static String page(ProfileComparison c) {
        StringBuilder h = new StringBuilder();
        h.append(
                        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>loadlab compare</title><style>")
                .append(ChartLibrary.resourceText("report.css"))
                .append(".grew{color:#c53030}.shrank{color:#1f6fb2}")
                .append("</style></head><body><header><h1>loadlab compare</h1><p>A = ")
                .append(esc(c.nameA()))
                .append(" (")
                .append(esc(ProfileComparisonText.label(c.a())))
                .append(")<br>B = ")
                .append(esc(c.nameB()))
                .append(" (")
                .append(esc(ProfileComparisonText.label(c.b())))
                .append(")</p></header>");
        fragment(h, c);
        return h.append("</body></html>\n").toString();
    }

    static void fragment(StringBuilder h, ProfileComparison c) {
        h.append("<div class=\"wide\"><table class=\"profile-diff\"><thead><tr><th>per window / per request</th>")
                .append("<th class=\"n\">")
                .append(esc(c.a().key().model()))
                .append("</th><th class=\"n\">")
                .append(esc(c.b().key().model()))
                .append("</th><th class=\"n\">ratio</th></tr></thead><tbody>");
        for (ProfileComparison.Row r : c.rows()) {
            h.append("<tr><td>")
                    .append(esc(r.label()))
                    .append("</td><td class=\"n\">")
                    .append(esc(ProfileComparison.value(r.a(), r.unit())))
                    .append("</td><td class=\"n\">")
                    .append(esc(ProfileComparison.value(r.b(), r.unit())))
                    .append("</td><td class=\"n\">")
                    .append(esc(ProfileComparison.ratio(r.ratio())))
                    .append("</td></tr>");
        }
        h.append("</tbody></table>");
        if (!c.frames().isEmpty()) {
            h.append("<table class=\"profile-diff\"><thead><tr><th>")
                    .append(
                            c.allocations()
                                    ? "classes allocated whose share moved most"
                                    : "frames whose share moved most (self time)")
                    .append("</th>")
                    .append("<th>kind</th><th class=\"n\">")
                    .append(esc(c.a().key().model()))
                    .append("</th><th class=\"n\">")
                    .append(esc(c.b().key().model()))
                    .append("</th><th class=\"n\">change</th></tr></thead><tbody>");
            for (Frames.Change f : c.frames()) {
                h.append("<tr><td><code>")
                        .append(esc(f.name()))
                        .append("</code></td><td>")
                        .append(esc(f.kind()))
                        .append("</td><td class=\"n\">")
                        .append(ProfileComparison.share(f.shareA()))
                        .append("</td><td class=\"n\">")
                        .append(ProfileComparison.share(f.shareB()))
                        .append("</td><td class=\"n ")
                        .append(f.delta() >= 0 ? "grew" : "shrank")
                        .append("\">")
                        .append(ProfileComparison.points(f.delta()))
                        .append("</td></tr>");
            }
            h.append("</tbody></table>");
        }
        h.append("</div>");
        for (String n : c.notes()) {
            h.append("<p class=\"meta\">").append(esc(n)).append("</p>");
        }
    }
}
