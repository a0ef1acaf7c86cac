package io.loadlab.core.unit;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A size in bytes: {@code 512}, {@code 512B}, {@code 8KiB}, {@code 1MiB}, {@code 2GiB}, and the decimal
 * {@code 8kB}, {@code 1MB}, {@code 1GB}. {@code K}, {@code M}, {@code G} alone are binary, as in JVM flags.
 */
public record Size(long bytes) {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-zA-Z]*)");

    public Size {
        if (bytes < 0) {
            throw new IllegalArgumentException("a size cannot be negative: " + bytes);
        }
    }

    public static Size ofBytes(long bytes) {
        return new Size(bytes);
    }

    @JsonCreator
    public static Size parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim());
        Long scale = m.matches() ? scale(m.group(2)) : null;
        if (scale == null) {
            throw new IllegalArgumentException("expected a size such as 512B, 8KiB, 1MiB or 1GB, got '" + text + "'");
        }
        return new Size(Math.round(Double.parseDouble(m.group(1)) * scale));
    }

    private static Long scale(String unit) {
        return switch (unit.toLowerCase()) {
            case "", "b" -> 1L;
            case "k", "kib" -> 1L << 10;
            case "m", "mib" -> 1L << 20;
            case "g", "gib" -> 1L << 30;
            case "kb" -> 1_000L;
            case "mb" -> 1_000_000L;
            case "gb" -> 1_000_000_000L;
            default -> null;
        };
    }

    public int toIntExact() {
        return Math.toIntExact(bytes);
    }

    @JsonValue
    @Override
    public String toString() {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
            return bytes / (1L << 30) + "GiB";
        }
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
            return bytes / (1L << 20) + "MiB";
        }
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
            return bytes / (1L << 10) + "KiB";
        }
        return bytes + "B";
    }
}
