package io.loadlab.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A raw HTTP/1.1 client connection for tests: writes exactly the bytes given (malformed ones included) and parses
 * responses strictly by {@code Content-Length}, so a test sees what a load generator would. {@link #exchange} sends
 * one request on a fresh connection and keeps whatever came back until the server closed it.
 */
public final class RawHttp implements AutoCloseable {
    /** One parsed response. Header names are lower-cased; a repeated header keeps its last value. */
    public record Response(int status, Map<String, String> headers, byte[] body) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    public RawHttp(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(10_000);
        socket.setTcpNoDelay(true);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    public RawHttp send(String raw) throws IOException {
        return send(raw.getBytes(StandardCharsets.ISO_8859_1));
    }

    public RawHttp send(byte[] raw) throws IOException {
        out.write(raw);
        out.flush();
        return this;
    }

    /** {@code GET path HTTP/1.1} with a Host header and the extra header lines given (each ending in CRLF). */
    public static String get(String path, String extraHeaders) {
        return "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + extraHeaders + "\r\n";
    }

    /** Sends {@code GET path} (with a Host header) and reads its response. */
    public Response get(String path) throws IOException {
        return send(get(path, "")).read();
    }

    public Response read() throws IOException {
        String statusLine = line();
        if (statusLine == null) {
            throw new IOException("connection closed before a response");
        }
        if (!statusLine.startsWith("HTTP/1.1 ") && !statusLine.startsWith("HTTP/1.0 ")) {
            throw new IOException("not a status line: " + statusLine);
        }
        int status = Integer.parseInt(statusLine.substring(9, 12));
        Map<String, String> headers = new LinkedHashMap<>();
        String l;
        while ((l = line()) != null && !l.isEmpty()) {
            int colon = l.indexOf(':');
            headers.put(
                    l.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    l.substring(colon + 1).trim());
        }
        String length = headers.get("content-length");
        if (length == null) {
            throw new IOException("response without Content-Length: " + statusLine + " " + headers);
        }
        byte[] body = in.readNBytes(Integer.parseInt(length));
        return new Response(status, headers, body);
    }

    /** True when the server closes the connection (EOF or reset) within the socket timeout. */
    public boolean closedByServer() throws IOException {
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true; // reset
        }
    }

    /** True when the connection is still open and silent for {@code millis}. */
    public boolean openAfter(int millis) throws IOException {
        int old = socket.getSoTimeout();
        socket.setSoTimeout(millis);
        try {
            return in.read() >= 0 ? fail("unexpected bytes from the server") : false;
        } catch (SocketTimeoutException e) {
            return true;
        } catch (SocketException e) {
            return false;
        } finally {
            socket.setSoTimeout(old);
        }
    }

    /** What {@link #exchange} got back, and whether the server closed the connection (rather than the read timing out). */
    public record Answer(String text, boolean closed) {
        public String statusLine() {
            int eol = text.indexOf("\r\n");
            return eol < 0 ? text : text.substring(0, eol);
        }

        public String body() {
            int i = text.indexOf("\r\n\r\n");
            return i < 0 ? "" : text.substring(i + 4);
        }
    }

    /** Sends raw bytes on a fresh connection and reads until the server closes it (or 5 s pass). */
    public static Answer exchange(int port, byte[] request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(5_000);
            try {
                s.getOutputStream().write(request);
                s.getOutputStream().flush();
            } catch (IOException e) {
                // the server may answer and close before all was sent: read what it said
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            try {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    out.write(buf, 0, n);
                }
                return new Answer(out.toString(StandardCharsets.ISO_8859_1), true);
            } catch (SocketTimeoutException e) {
                return new Answer(out.toString(StandardCharsets.ISO_8859_1), false);
            } catch (IOException e) {
                // reset after the answer: the answer still counts, and the connection is gone
                return new Answer(out.toString(StandardCharsets.ISO_8859_1), true);
            }
        }
    }

    public static Answer exchange(int port, String request) throws IOException {
        return exchange(port, request.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static boolean fail(String why) throws IOException {
        throw new IOException(why);
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                String s = b.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
