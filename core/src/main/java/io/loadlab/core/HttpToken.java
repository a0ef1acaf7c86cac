package io.loadlab.core;

/**
 * RFC 9110's {@code token}: what a method and a header name are made of. One definition for the servers that parse
 * requests and the load generator that writes them.
 */
public final class HttpToken {
    /** The token characters besides letters and digits. */
    public static final String MARKS = "!#$%&'*+-.^_`|~";

    private HttpToken() {}

    /** Whether {@code c} (a char, or a byte as read, negative above 0x7f) may stand in a token. */
    public static boolean isTokenChar(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || MARKS.indexOf(c) >= 0;
    }

    /** Whether {@code s} is a token: not empty, every character a token character. */
    public static boolean isToken(CharSequence s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!isTokenChar(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
