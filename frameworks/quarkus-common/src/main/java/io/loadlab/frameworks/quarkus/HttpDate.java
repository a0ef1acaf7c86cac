package io.loadlab.frameworks.quarkus;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The {@code Date} header the contract wants on every answer (Vert.x sends none), formatted once a second. */
final class HttpDate {
    private record Stamp(long second, String text) {}

    private static volatile Stamp last = new Stamp(-1, "");

    private HttpDate() {}

    static String now() {
        long second = System.currentTimeMillis() / 1000;
        Stamp s = last;
        if (s.second() != second) {
            s = new Stamp(second, DateTimeFormatter.RFC_1123_DATE_TIME.format(
                    Instant.ofEpochSecond(second).atOffset(ZoneOffset.UTC)));
            last = s;
        }
        return s.text();
    }
}
