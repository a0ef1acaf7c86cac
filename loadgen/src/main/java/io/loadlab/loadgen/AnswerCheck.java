package io.loadlab.loadgen;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What a right answer to each request of a run carries, for the sample of answers the load generator checks under
 * load (one in {@link LoadgenDefaults#ANSWER_SAMPLE_EVERY} of the requests that have an expectation, on HTTP/1.1): the
 * exact body ({@code expect_body}: {@code /json}'s message), or the field of the row it asked for
 * ({@code expect_field}: a {@code /zipcodes/{zip}} answer carries {@code "zip":"12345"} for that zip). A server that
 * passes the validation gate and then answers something else under load — a cached row, a fixed body — is caught
 * here, as TechEmpower checks its answers at full concurrency. Immutable; shared by a worker's connections.
 */
final class AnswerCheck {
    /** Per request: the exact body, or null. */
    private final byte[][] exact;
    /** Per request: the {@code "field"} key's bytes with its quotes, or null. */
    private final byte[][] key;
    /** Per request: the index of the expected field in its data set's rows, or -1. */
    private final int[] field;

    AnswerCheck(List<RequestSpec> specs) {
        int n = specs.size();
        exact = new byte[n][];
        key = new byte[n][];
        field = new int[n];
        for (int i = 0; i < n; i++) {
            RequestSpec s = specs.get(i);
            exact[i] = s.expectBody() == null ? null : s.expectBody().getBytes(StandardCharsets.UTF_8);
            field[i] = s.expectField() == null ? -1 : s.data().fields().indexOf(s.expectField());
            key[i] = field[i] < 0 ? null : ("\"" + s.expectField() + "\"").getBytes(StandardCharsets.UTF_8);
        }
    }

    /** True when answers to request {@code i} can be checked. */
    boolean checks(int i) {
        return exact[i] != null || field[i] >= 0;
    }

    /**
     * True when the first {@code len} bytes of the body (all of it unless {@code truncated}) are a right answer to
     * request {@code i} sent with {@code row} (null for a request without data).
     */
    boolean right(int i, byte[][] row, byte[] body, int len, boolean truncated) {
        if (exact[i] != null) {
            return !truncated && len == exact[i].length && java.util.Arrays.equals(body, 0, len, exact[i], 0, len);
        }
        return field[i] < 0 || row == null || carries(body, len, key[i], row[field[i]]);
    }

    private static final byte[] ERROR_KEY = "\"error\"".getBytes(StandardCharsets.UTF_8);
    private static final byte[] DATABASE = "database:".getBytes(StandardCharsets.UTF_8);
    private static final byte[] BACKEND = "backend:".getBytes(StandardCharsets.UTF_8);

    /**
     * What a 5xx answer's body names as what failed, as the contract words it ({@code {"error":"database: ..."}}):
     * {@link Worker#NAMES_DATABASE}, {@link Worker#NAMES_BACKEND}, or 0.
     */
    static int namedDependency(byte[] body, int len) {
        if (body == null) {
            return 0;
        }
        if (carriesPrefix(body, len, ERROR_KEY, DATABASE)) {
            return Worker.NAMES_DATABASE;
        }
        return carriesPrefix(body, len, ERROR_KEY, BACKEND) ? Worker.NAMES_BACKEND : 0;
    }

    /** True when {@code body} holds {@code "key"}, optional spaces, {@code :}, optional spaces, {@code "value}. */
    static boolean carriesPrefix(byte[] body, int len, byte[] key, byte[] value) {
        return carries(body, len, key, value, false);
    }

    /** True when {@code body} holds {@code "key"}, optional spaces, {@code :}, optional spaces, {@code "value"}. */
    static boolean carries(byte[] body, int len, byte[] key, byte[] value) {
        return carries(body, len, key, value, true);
    }

    /** {@code whole}: the string is {@code value} itself, closed by its quote; else it only starts with it. */
    private static boolean carries(byte[] body, int len, byte[] key, byte[] value, boolean whole) {
        for (int at = indexOf(body, 0, len, key); at >= 0; at = indexOf(body, at + 1, len, key)) {
            int p = skipSpaces(body, at + key.length, len);
            if (p >= len || body[p] != ':') {
                continue;
            }
            p = skipSpaces(body, p + 1, len);
            int end = p + 1 + value.length; // just past the value
            if (p < len
                    && body[p] == '"'
                    && end <= len
                    && java.util.Arrays.equals(body, p + 1, end, value, 0, value.length)
                    && (!whole || (end < len && body[end] == '"'))) {
                return true;
            }
        }
        return false;
    }

    private static int skipSpaces(byte[] a, int from, int len) {
        int p = from;
        while (p < len && (a[p] == ' ' || a[p] == '\t' || a[p] == '\n' || a[p] == '\r')) {
            p++;
        }
        return p;
    }

    private static int indexOf(byte[] a, int from, int len, byte[] what) {
        outer:
        for (int i = from; i <= len - what.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (a[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
