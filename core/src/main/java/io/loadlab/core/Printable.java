package io.loadlab.core;

/**
 * Text that a server, a dependency or a log sent, made safe for a terminal: control characters (ESC, BEL, CR, the
 * other C0 and C1 controls, DEL, line and paragraph separators, bidirectional overrides) become visible escapes such
 * as {@code \x1b}, so a hostile or binary answer can neither retitle, clear nor rewrite the user's terminal. Printable
 * Unicode, newlines and tabs are kept.
 */
public final class Printable {
    private Printable() {}

    /** {@code text} with every control character written as {@code \xHH} or {@code \\uHHHH}; null stays null. */
    public static String escape(String text) {
        if (text == null || text.codePoints().noneMatch(Printable::control)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        text.codePoints().forEach(c -> {
            if (!control(c)) {
                out.appendCodePoint(c);
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c <= 0xff) {
                out.append(String.format("\\x%02x", c));
            } else {
                out.append(String.format("\\u%04x", c));
            }
        });
        return out.toString();
    }

    /** {@link #escape} on one line: newlines and tabs become spaces too, for a reason or a log tail in one line. */
    public static String oneLine(String text) {
        return text == null
                ? null
                : escape(text.replace("\r\n", " ").replace('\n', ' ').replace('\t', ' '));
    }

    private static boolean control(int c) {
        return (c < 0x20 && c != '\n' && c != '\t')
                || (c >= 0x7f && c <= 0x9f)
                || c == 0x2028
                || c == 0x2029
                || (c >= 0x202a && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069);
    }
}
