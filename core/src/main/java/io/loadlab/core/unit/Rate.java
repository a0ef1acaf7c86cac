package io.loadlab.core.unit;

/**
 * A request rate in requests per second, written {@code 5000}, {@code 5000/s}, {@code 10k}, {@code 10k/s},
 * {@code 1.5k}, {@code 2m} (millions) or {@code 600/m} (per minute). Must be positive.
 */
public record Rate(double perSecond) {
    public Rate {
        if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
            throw new IllegalArgumentException("a rate must be positive, got " + perSecond);
        }
    }

    public static Rate perSecond(double perSecond) {
        return new Rate(perSecond);
    }

    public static Rate parse(String text) {
        String s = text == null
                ? ""
                : text.trim().toLowerCase().replace("rps", "/s").replace("_", "");
        double per = 1;
        if (s.endsWith("/s")) {
            s = s.substring(0, s.length() - 2);
        } else if (s.endsWith("/m")) {
            s = s.substring(0, s.length() - 2);
            per = 60;
        }
        try {
            double value = Count.parseScaled(s);
            if (!(value > 0)) {
                throw new IllegalArgumentException();
            }
            return new Rate(value / per);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "expected a positive rate such as 5000, 5000/s, 10k or 600/m, got '" + text + "'");
        }
    }

    /** Nanoseconds between two requests at this rate. */
    public double intervalNanos() {
        return 1e9 / perSecond;
    }

    @Override
    public String toString() {
        return (perSecond == Math.rint(perSecond) ? Long.toString((long) perSecond) : Double.toString(perSecond))
                + "/s";
    }
}
