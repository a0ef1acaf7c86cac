package io.loadlab.core.settings;

/**
 * A bound that may be absent: a whole number, or unlimited. {@code /settings} writes it as the number or as the word
 * {@code unlimited}, so that "no cap" reads as itself and never as 0 or -1.
 */
public final class Limit implements Comparable<Limit> {
    /** The word written for no bound. */
    public static final String UNLIMITED_TEXT = "unlimited";

    public static final Limit UNLIMITED = new Limit(Long.MAX_VALUE);

    private final long value;

    private Limit(long value) {
        this.value = value;
    }

    /** A bound of {@code value}; negative values are refused. */
    public static Limit of(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("a limit is 0 or more, got " + value);
        }
        return value == Long.MAX_VALUE ? UNLIMITED : new Limit(value);
    }

    /** {@code 100} or {@code unlimited}, as written at {@code /settings}; anything else is an error. */
    public static Limit parse(String text) {
        if (UNLIMITED_TEXT.equals(text)) {
            return UNLIMITED;
        }
        try {
            return of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "expected a whole number or '" + UNLIMITED_TEXT + "', got '" + text + "'");
        }
    }

    public boolean unlimited() {
        return value == Long.MAX_VALUE;
    }

    /** The bound; {@link Long#MAX_VALUE} when unlimited. */
    public long value() {
        return value;
    }

    @Override
    public int compareTo(Limit o) {
        return Long.compare(value, o.value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Limit l && l.value == value;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value);
    }

    @Override
    public String toString() {
        return unlimited() ? UNLIMITED_TEXT : Long.toString(value);
    }
}
