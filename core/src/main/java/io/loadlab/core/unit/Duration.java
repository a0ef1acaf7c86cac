package io.loadlab.core.unit;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A non-negative span of time written as people write it on a command line: {@code 250ms}, {@code 10s},
 * {@code 1m30s}, {@code 2h}, {@code 100us}. A bare number is read as seconds (as wrk reads {@code -d 30}). Stored in
 * nanoseconds.
 */
public record Duration(long nanos) implements Comparable<Duration> {
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s|m|h)");

    public static final Duration ZERO = new Duration(0);

    public Duration {
        if (nanos < 0) {
            throw new IllegalArgumentException("a duration cannot be negative: " + nanos + "ns");
        }
    }

    public static Duration ofNanos(long nanos) {
        return new Duration(nanos);
    }

    public static Duration ofMillis(long millis) {
        return new Duration(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    public static Duration ofSeconds(long seconds) {
        return new Duration(TimeUnit.SECONDS.toNanos(seconds));
    }

    /** Parses {@code 250ms}, {@code 10s}, {@code 1m30s}, {@code 1.5s} or a bare number of seconds. */
    @JsonCreator
    public static Duration parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("expected a duration such as 250ms, 10s or 1m30s, got nothing");
        }
        if (s.matches("\\d+(\\.\\d+)?")) {
            return new Duration(Math.round(Double.parseDouble(s) * 1e9));
        }
        Matcher m = PART.matcher(s);
        int at = 0;
        double nanos = 0;
        while (at < s.length() && m.find(at) && m.start() == at) {
            nanos += Double.parseDouble(m.group(1)) * unitNanos(m.group(2));
            at = m.end();
        }
        if (at != s.length()) {
            throw new IllegalArgumentException(
                    "expected a duration such as 250ms, 10s or 1m30s (units ns, us, ms, s, m, h), got '" + text + "'");
        }
        return new Duration(Math.round(nanos));
    }

    private static double unitNanos(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "m" -> 60e9;
            case "h" -> 3600e9;
            default -> throw new IllegalStateException(unit);
        };
    }

    public long toMillis() {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    public long toMicros() {
        return TimeUnit.NANOSECONDS.toMicros(nanos);
    }

    public double toSeconds() {
        return nanos / 1e9;
    }

    public java.time.Duration toJava() {
        return java.time.Duration.ofNanos(nanos);
    }

    public Duration plus(Duration other) {
        return new Duration(Math.addExact(nanos, other.nanos));
    }

    @Override
    public int compareTo(Duration o) {
        return Long.compare(nanos, o.nanos);
    }

    /** The shortest exact form: {@code 1m30s}, {@code 250ms}, {@code 0s}. */
    /** In JSON and YAML a duration is written as it is typed, e.g. {@code "250ms"}. */
    @JsonValue
    @Override
    public String toString() {
        if (nanos == 0) {
            return "0s";
        }
        if (nanos % 1_000_000 != 0) {
            return nanos % 1000 == 0 ? nanos / 1000 + "us" : nanos + "ns";
        }
        long ms = nanos / 1_000_000;
        if (ms % 1000 != 0) {
            return ms + "ms";
        }
        long sec = ms / 1000;
        StringBuilder b = new StringBuilder();
        if (sec >= 3600) {
            b.append(sec / 3600).append('h');
            sec %= 3600;
        }
        if (sec >= 60) {
            b.append(sec / 60).append('m');
            sec %= 60;
        }
        if (sec > 0) {
            b.append(sec).append('s');
        }
        return b.toString();
    }
}
