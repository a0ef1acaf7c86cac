package io.loadlab.report;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * A suite run's start and length as a reader wants them: to the second in UTC and in minutes and seconds. results.json
 * keeps the instants to the nanosecond; a value that does not parse is shown as it stands.
 */
final class RunTimes {
    private static final DateTimeFormatter SECONDS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    private RunTimes() {}

    /** {@code 2026-11-28T07:44:24.373416841Z} as {@code 2026-11-28 07:44:24}, in UTC; a dash for none. */
    static String started(String instant) {
        if (instant == null) {
            return Numbers.DASH;
        }
        try {
            return SECONDS.format(Instant.parse(instant));
        } catch (DateTimeParseException e) {
            return instant;
        }
    }

    /** How long from {@code started} to {@code finished}, as {@code 3 min 58 s}; a dash when either is missing. */
    static String took(String started, String finished) {
        if (started == null || finished == null) {
            return Numbers.DASH;
        }
        try {
            long s = Duration.between(Instant.parse(started), Instant.parse(finished))
                    .toSeconds();
            return s / 60 + " min " + s % 60 + " s";
        } catch (DateTimeParseException e) {
            return Numbers.DASH;
        }
    }
}
