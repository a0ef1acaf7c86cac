package io.loadlab.backend;

import io.loadlab.core.ContractLimits;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Pre-encoded HTTP/1.1 responses (status line, headers and body in one byte array), so that answering costs one copy
 * into a pooled buffer. The {@code Date} header is rewritten in place when the second changes.
 *
 * <p>Not thread-safe: confined to the backend's single event-loop thread.
 */
final class BackendResponses {
    /** How the connection continues after the answer; selects the {@code Connection} header. */
    static final int KEEP_ALIVE = 0;

    static final int KEEP_ALIVE_HTTP10 = 1;
    static final int CLOSE = 2;

    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);
    private static final String[] CONNECTION = {"", "Connection: keep-alive\r\n", "Connection: close\r\n"};
    private static final String DATE_PLACEHOLDER = "Thu, 01 Jan 1970 00:00:00 GMT";

    final Template hello = new Template("200 OK", "text/plain", "Hello, World!", "");
    final Template health = new Template("200 OK", "application/json", "{\"status\":\"UP\"}", "");
    final Template notFound = new Template("404 Not Found", "application/json", "{\"error\":\"no such path\"}", "");
    final Template notAllowed = new Template(
            "405 Method Not Allowed", "application/json", "{\"error\":\"method not allowed\"}", "Allow: GET\r\n");
    final Template badDelay = new Template(
            "400 Bad Request",
            "application/json",
            "{\"error\":\"delay_ms must be an integer from 0 to " + ContractLimits.MAX_DELAY_MS + "\"}",
            "");
    final Template badRequest = new Template(
            "400 Bad Request", "application/json", "{\"error\":\"malformed request line or headers\"}", "");
    final Template headersTooLarge = new Template(
            "431 Request Header Fields Too Large",
            "application/json",
            "{\"error\":\"request headers larger than " + ContractLimits.MAX_HEADER_SIZE + "\"}",
            "");

    private final Template[] all = {hello, health, notFound, notAllowed, badDelay, badRequest, headersTooLarge};
    private long second = Long.MIN_VALUE;
    private final byte[] date = new byte[DATE_PLACEHOLDER.length()];

    /** Brings every template's {@code Date} up to the current second; cheap when the second has not changed. */
    void refreshDate() {
        long now = System.currentTimeMillis() / 1000;
        if (now == second) {
            return;
        }
        second = now;
        byte[] d = HTTP_DATE.format(Instant.ofEpochSecond(now)).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(d, 0, date, 0, date.length);
        for (Template t : all) {
            t.setDate(date);
        }
    }

    /** A response built on demand (e.g. {@code /stats}), with the current date. */
    byte[] render(String status, String contentType, String body, int connection) {
        refreshDate();
        Template t = new Template(status, contentType, body, "");
        t.setDate(date);
        return t.bytes(connection);
    }

    /** One response in its three {@code Connection} variants. */
    static final class Template {
        private final byte[][] bytes = new byte[3][];
        private final int[] dateAt = new int[3];

        Template(String status, String contentType, String body, String extraHeaders) {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            for (int c = 0; c < 3; c++) {
                String head =
                        "HTTP/1.1 " + status + "\r\n" + "Server: " + ContractLimits.SERVER_HEADER + "\r\n" + "Date: ";
                String rest = DATE_PLACEHOLDER + "\r\n"
                        + "Content-Type: " + contentType + "\r\n"
                        + "Content-Length: " + b.length + "\r\n"
                        + extraHeaders
                        + CONNECTION[c]
                        + "\r\n";
                byte[] h = (head + rest).getBytes(StandardCharsets.US_ASCII);
                byte[] all = new byte[h.length + b.length];
                System.arraycopy(h, 0, all, 0, h.length);
                System.arraycopy(b, 0, all, h.length, b.length);
                bytes[c] = all;
                dateAt[c] = head.length();
            }
        }

        void setDate(byte[] date) {
            for (int c = 0; c < 3; c++) {
                System.arraycopy(date, 0, bytes[c], dateAt[c], date.length);
            }
        }

        /** The encoded response; shared, never to be modified by the caller. */
        byte[] bytes(int connection) {
            return bytes[connection];
        }
    }
}
