package io.loadlab.report;

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

    static String badge(String code) {
        return "<span class=\"badge " + esc(code.toLowerCase(java.util.Locale.ROOT)) + "\">" + esc(code) + "</span>";
    }
}
