package io.loadlab.servers.http;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The {@code Date} header value, formatted at most once per second and shared by every thread: the read is a
 * single volatile load, so the hot path neither formats nor allocates.
 */
public final class HttpDate {
    private static final DateTimeFormatter RFC_1123 = DateTimeFormatter.RFC_1123_DATE_TIME;

    private record Cached(long second, String value) {}

    private static volatile Cached cached = new Cached(-1, "");

    private HttpDate() {}

    public static String now() {
        long second = System.currentTimeMillis() / 1000;
        Cached c = cached;
        if (c.second != second) {
            c = new Cached(second, RFC_1123.format(ZonedDateTime.now(ZoneOffset.UTC)));
            cached = c;
        }
        return c.value;
    }
}
