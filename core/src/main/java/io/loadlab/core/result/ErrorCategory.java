package io.loadlab.core.result;

import java.util.Locale;

/**
 * Why a request failed. Every failed request is counted in exactly one category; the JSON name of a category is its
 * lower-case name ({@code invalid_status_line}). The order is the index into per-category counters, so new categories
 * are appended.
 */
public enum ErrorCategory {
    /** A connect refused or timed out, or a TLS handshake that failed. */
    CONNECT("connect"),
    /** The server closed the connection while a response was due, before its body began. */
    READ("read"),
    /** The connection was reset (RST) while a response was due or arriving. */
    RESET("reset"),
    /** The request could not be written. */
    WRITE("write"),
    /** No complete response within the timeout: a silent server, a body that never ends, no free connection. */
    TIMEOUT("timeout"),
    /** A complete response whose status was not expected (by default: not 2xx or 3xx). */
    STATUS("status"),
    /** The first line was not an HTTP/1.x status line: garbage, another protocol. */
    INVALID_STATUS_LINE("invalid status line"),
    /** The status line and headers were longer than the load generator accepts. */
    OVERSIZED_HEADER("oversized header"),
    /** A malformed chunk: a bad size line, or more data than the size announced. */
    BAD_CHUNK("bad chunk"),
    /** The connection closed inside the body: fewer bytes than Content-Length, or a chunked body cut short. */
    TRUNCATED_BODY("truncated body"),
    /** Any other malformed response: a bad or conflicting Content-Length, a header without a name, stray bytes. */
    INVALID("invalid response"),
    /**
     * A complete response of an expected status whose body is not the answer to what was asked, found by the load
     * generator's sampled check (a {@code /zipcodes/{zip}} answered with another zip's row, a {@code /json} with
     * another body).
     */
    WRONG_ANSWER("wrong answer");

    static final ErrorCategory[] ALL = values();

    private final String label;

    ErrorCategory(String label) {
        this.label = label;
    }

    /** The JSON field name, e.g. {@code bad_chunk}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Words for people, e.g. {@code bad chunk}. */
    public String label() {
        return label;
    }

    /**
     * True for failures without a response (the server's answer never arrived whole); false for {@link #STATUS} and
     * {@link #WRONG_ANSWER}, which are whole responses.
     */
    public boolean unanswered() {
        return this != STATUS && this != WRONG_ANSWER;
    }

    /** The category of a JSON field name, or null when there is none (a newer file's category). */
    public static ErrorCategory byId(String id) {
        for (ErrorCategory c : ALL) {
            if (c.id().equals(id)) {
                return c;
            }
        }
        return null;
    }
}
