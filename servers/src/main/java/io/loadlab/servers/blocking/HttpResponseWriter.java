package io.loadlab.servers.blocking;

import io.loadlab.servers.http.Contract;
import io.loadlab.servers.http.HttpDate;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * The response side of the blocking HTTP/1.1 codec. Status lines and fixed headers are encoded once; the
 * {@code Date} line is re-encoded once a second and shared; the length is written digit by digit. A response is one
 * write into the connection's buffer and one flush, so a small answer leaves in one segment. Blocks on the socket;
 * one instance per connection.
 */
final class HttpResponseWriter {
    private static final byte[] SERVER = ascii("Server: " + Contract.SERVER + "\r\n");
    private static final byte[] TEXT = ascii("Content-Type: " + Contract.TEXT_PLAIN + "\r\n");
    private static final byte[] JSON = ascii("Content-Type: " + Contract.APPLICATION_JSON + "\r\n");
    private static final byte[] CLOSE = ascii("Connection: close\r\n");
    private static final byte[] KEEP_ALIVE = ascii("Connection: keep-alive\r\n");
    private static final byte[] RETRY_AFTER = ascii("Retry-After: 1\r\n");
    private static final byte[] ALLOW = ascii("Allow: ");
    private static final byte[] LENGTH = ascii("Content-Length: ");
    private static final byte[] CRLF = ascii("\r\n");

    private record DateLine(String value, byte[] bytes) {}

    private static volatile DateLine date = new DateLine("", new byte[0]);

    private final OutputStream out;
    private final BooleanSupplier stopping;
    private final byte[] digits = new byte[20];
    private boolean closed;

    /** @param out the connection's buffered stream; flushed after each response */
    HttpResponseWriter(OutputStream out) {
        this(out, () -> false);
    }

    /**
     * @param stopping true once the server stops: every answer from then on says {@code Connection: close}, even
     *     one whose request arrived before
     */
    HttpResponseWriter(OutputStream out, BooleanSupplier stopping) {
        this.out = out;
        this.stopping = stopping;
    }

    /** Whether the last response said {@code Connection: close}: the connection must be closed after it. */
    boolean closed() {
        return closed;
    }

    OutputStream stream() {
        return out;
    }

    /**
     * Writes one complete response and flushes it.
     *
     * @param json {@code application/json} rather than {@code text/plain}
     * @param allow the {@code Allow} header of a 405, else null
     * @param connection {@link Conn#KEEP_ALIVE} adds {@code Connection: keep-alive} (HTTP/1.0 clients),
     *     {@link Conn#CLOSE} adds {@code Connection: close}, {@link Conn#SHED} that and {@code Retry-After: 1}
     */
    void write(int status, boolean json, byte[] body, String allow, Conn connection) throws IOException {
        if (connection != Conn.CLOSE && stopping.getAsBoolean()) {
            connection = Conn.CLOSE;
        }
        closed = connection == Conn.CLOSE || connection == Conn.SHED;
        out.write(statusLine(status));
        out.write(SERVER);
        out.write(dateLine());
        out.write(json ? JSON : TEXT);
        if (allow != null) {
            out.write(ALLOW);
            out.write(ascii(allow));
            out.write(CRLF);
        }
        out.write(LENGTH);
        writeDecimal(body.length);
        out.write(CRLF);
        if (connection == Conn.CLOSE) {
            out.write(CLOSE);
        } else if (connection == Conn.SHED) {
            out.write(CLOSE);
            out.write(RETRY_AFTER);
        } else if (connection == Conn.KEEP_ALIVE) {
            out.write(KEEP_ALIVE);
        }
        out.write(CRLF);
        out.write(body);
        out.flush();
    }

    /** The connection header a response carries. */
    enum Conn {
        /** HTTP/1.1 persistent by default: no header. */
        DEFAULT,
        KEEP_ALIVE,
        CLOSE,
        /** A request refused on purpose to shed load: closes, and says when to retry, so no one takes it for a fault. */
        SHED
    }

    private void writeDecimal(int v) throws IOException {
        int i = digits.length;
        do {
            digits[--i] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v > 0);
        out.write(digits, i, digits.length - i);
    }

    private static byte[] dateLine() {
        String now = HttpDate.now();
        DateLine d = date;
        if (d.value != now) { // HttpDate hands out one String instance per second
            d = new DateLine(now, ascii("Date: " + now + "\r\n"));
            date = d;
        }
        return d.bytes;
    }

    private static final byte[][] STATUS = new byte[600][];

    static {
        status(200, "OK");
        status(201, "Created");
        status(400, "Bad Request");
        status(404, "Not Found");
        status(405, "Method Not Allowed");
        status(413, "Content Too Large");
        status(431, "Request Header Fields Too Large");
        status(500, "Internal Server Error");
        status(502, "Bad Gateway");
        status(503, "Service Unavailable");
    }

    private static void status(int code, String reason) {
        STATUS[code] = ascii("HTTP/1.1 " + code + " " + reason + "\r\n");
    }

    static byte[] statusLine(int status) {
        byte[] line = STATUS[status];
        if (line == null) {
            throw new IllegalArgumentException("no status line for " + status);
        }
        return line;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
