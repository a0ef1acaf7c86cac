package io.loadlab.report;

import io.loadlab.core.result.VerdictCode;
import java.util.Locale;

/** Escaping for text and attribute values placed in the report's HTML. */
final class Html {
    private Html() {}

    static String esc(Object value) {
        String s = String.valueOf(value);
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** JSON placed inside a script element: "</" and U+2028/9 are escaped so the element cannot end early. */
    static String scriptJson(String json) {
        return json.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    }

    /**
     * A verdict badge, coloured by what the verdict does to the number: red when it invalidates the trial, a distinct
     * style when it is a finding about the model ({@code STARVED}), amber for a warning that keeps the number, green
     * for {@code OK}.
     */
    static String badge(VerdictCode code) {
        String kind;
        String title;
        if (code == VerdictCode.OK) {
            kind = "ok";
            title = "nothing found: the number stands";
        } else if (code.aboutTheModel()) {
            kind = "finding";
            title = "a finding about the model: not comparable, yet a true result";
        } else if (code.invalidates()) {
            kind = "invalid";
            title = "invalidates the trial: never ranked";
        } else {
            kind = "warning";
            title = "a warning: the number stands, read it with the reason";
        }
        return "<span class=\"badge " + kind + " " + esc(code.name().toLowerCase(Locale.ROOT)) + "\" title=\"" + title
                + "\">" + esc(code.name()) + "</span>";
    }
}
