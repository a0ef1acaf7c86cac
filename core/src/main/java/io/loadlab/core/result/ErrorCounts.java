package io.loadlab.core.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Failed requests by {@link ErrorCategory}; in JSON an object with one field per category, zeros included, e.g.
 * {@code {"connect": 0, "read": 2, ..., "invalid": 0}}. Immutable.
 */
public final class ErrorCounts {
    public static final ErrorCounts NONE = new ErrorCounts(new long[ErrorCategory.ALL.length]);

    private final long[] counts;

    private ErrorCounts(long[] counts) {
        this.counts = counts;
    }

    /** Counts indexed by {@link ErrorCategory#ordinal()}; the array is copied. */
    public static ErrorCounts of(long[] byOrdinal) {
        return new ErrorCounts(Arrays.copyOf(byOrdinal, ErrorCategory.ALL.length));
    }

    /** One category's count, the others zero. */
    public static ErrorCounts of(ErrorCategory c, long n) {
        long[] a = new long[ErrorCategory.ALL.length];
        a[c.ordinal()] = n;
        return new ErrorCounts(a);
    }

    /** Reads the JSON object; an unknown field (a newer file's category) is ignored. */
    @JsonCreator
    public static ErrorCounts fromJson(Map<String, Object> byId) {
        long[] a = new long[ErrorCategory.ALL.length];
        byId.forEach((id, n) -> {
            ErrorCategory c = ErrorCategory.byId(id);
            if (c != null && n instanceof Number number) {
                a[c.ordinal()] = number.longValue();
            }
        });
        return new ErrorCounts(a);
    }

    @JsonValue
    public Map<String, Long> toJson() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (ErrorCategory c : ErrorCategory.ALL) {
            m.put(c.id(), counts[c.ordinal()]);
        }
        return m;
    }

    public long get(ErrorCategory c) {
        return counts[c.ordinal()];
    }

    public long total() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    /** Failures without a whole response: every category but those of whole responses ({@link ErrorCategory#unanswered}). */
    public long unanswered() {
        long n = 0;
        for (ErrorCategory c : ErrorCategory.ALL) {
            if (c.unanswered()) {
                n += get(c);
            }
        }
        return n;
    }

    public ErrorCounts plus(ErrorCounts o) {
        long[] a = counts.clone();
        for (int i = 0; i < a.length; i++) {
            a[i] += o.counts[i];
        }
        return new ErrorCounts(a);
    }

    /** The non-zero categories in words, e.g. {@code 12 timeout, 3 bad chunk}; empty when there are none. */
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        for (ErrorCategory c : ErrorCategory.ALL) {
            if (counts[c.ordinal()] > 0) {
                out.add(counts[c.ordinal()] + " " + c.label());
            }
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ErrorCounts e && Arrays.equals(counts, e.counts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        return toJson().toString();
    }
}
