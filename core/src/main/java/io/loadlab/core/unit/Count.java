package io.loadlab.core.unit;

/**
 * Whole numbers with the suffixes wrk users type, either case: {@code 10k} connections, {@code 1.5k}, {@code 2M}
 * (millions).
 */
public final class Count {
    private Count() {}

    /** Parses {@code 100}, {@code 10k}, {@code 1.5k}, {@code 2M} to an int; rejects fractions and negatives. */
    public static int parse(String text) {
        try {
            double v = parseScaled(text.trim().toLowerCase());
            if (v < 0 || v != Math.rint(v) || v > Integer.MAX_VALUE) {
                throw new IllegalArgumentException();
            }
            return (int) v;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("expected a whole number such as 100 or 10k, got '" + text + "'");
        }
    }

    static double parseScaled(String s) {
        double scale = 1;
        if (s.endsWith("k")) {
            scale = 1e3;
            s = s.substring(0, s.length() - 1);
        } else if (s.endsWith("m")) {
            scale = 1e6;
            s = s.substring(0, s.length() - 1);
        }
        if (!s.matches("\\d+(\\.\\d+)?")) {
            throw new IllegalArgumentException(s);
        }
        return Double.parseDouble(s) * scale;
    }
}
