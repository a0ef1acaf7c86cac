package io.loadlab.servers.blocking;

import io.loadlab.core.ContractLimits;
import io.loadlab.core.HttpToken;
import io.loadlab.servers.http.Contract;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The strict request side of the blocking HTTP/1.1 codec: request line, headers (request line plus headers at most
 * {@link io.loadlab.core.ContractLimits#MAX_HEADER_SIZE}, else 431), {@code Content-Length} or chunked bodies (at most
 * {@link io.loadlab.core.ContractLimits#MAX_BODY_SIZE}, else 413), {@code Expect: 100-continue}, keep-alive rules of HTTP/1.1 and 1.0.
 * Requests with both {@code Content-Length} and {@code Transfer-Encoding}, conflicting lengths, folded headers or a
 * space before a header's colon are refused with 400: they are how requests get smuggled. Blocks on the socket;
 * one instance per connection.
 */
final class HttpRequestReader {
    private static final int MAX_HEAD = ContractLimits.MAX_HEADER_SIZE.toIntExact();
    private static final int MAX_BODY = ContractLimits.MAX_BODY_SIZE.toIntExact();
    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private static final String[] KNOWN_PATHS = {
        "/plaintext", "/json", "/delay", "/backend", Contract.ZIPCODES_PATH, "/health", "/settings"
    };
    private static final byte[][] KNOWN_PATH_BYTES = Arrays.stream(KNOWN_PATHS)
            .map(p -> p.getBytes(StandardCharsets.US_ASCII))
            .toArray(byte[][]::new);

    private final HttpInput in;

    HttpRequestReader(HttpInput in) {
        this.in = in;
    }

    /**
     * Reads the next request into {@code req}, blocking until it has fully arrived.
     *
     * @param out where {@code 100 Continue} is written when the client expects it
     * @return false when the connection was closed cleanly before a new request began
     */
    boolean read(HttpRequest req, OutputStream out) throws IOException, HttpParseException {
        req.reset();
        int budget = MAX_HEAD;
        int n;
        do { // RFC 9112 2.2: ignore empty lines before the request line
            n = in.readLine(budget);
            if (n == HttpInput.EOF) {
                return false;
            }
            budget -= in.consumed();
        } while (n == 0);
        if (n == HttpInput.TOO_LONG) {
            throw new HttpParseException(431, Contract.HEADERS_TOO_LARGE);
        }
        requestLine(req, in.line(), n);

        long contentLength = -1;
        boolean chunked = false;
        boolean expectContinue = false;
        boolean host = false;
        boolean close = false;
        boolean keepAliveToken = false;
        while (true) {
            n = in.readLine(budget);
            if (n == HttpInput.TOO_LONG) {
                throw new HttpParseException(431, Contract.HEADERS_TOO_LARGE);
            }
            if (n == HttpInput.EOF) {
                throw new EOFException("connection closed inside the headers");
            }
            budget -= in.consumed();
            if (n == 0) {
                break;
            }
            byte[] l = in.line();
            int colon = indexOf(l, 0, n, (byte) ':');
            if (colon <= 0 || l[0] == ' ' || l[0] == '\t' || !isToken(l, 0, colon)) {
                throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
            }
            int vs = colon + 1;
            int ve = n;
            while (vs < ve && (l[vs] == ' ' || l[vs] == '\t')) {
                vs++;
            }
            while (ve > vs && (l[ve - 1] == ' ' || l[ve - 1] == '\t')) {
                ve--;
            }
            if (HttpInput.equalsLower(l, 0, colon, "content-length")) {
                long v = HttpInput.parseDecimal(l, vs, ve);
                if (v < 0 || contentLength >= 0 && contentLength != v) {
                    throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
                }
                contentLength = v;
            } else if (HttpInput.equalsLower(l, 0, colon, "transfer-encoding")) {
                if (chunked || !HttpInput.equalsLower(l, vs, ve, "chunked")) {
                    throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
                }
                chunked = true;
            } else if (HttpInput.equalsLower(l, 0, colon, "connection")) {
                close |= containsToken(l, vs, ve, "close");
                keepAliveToken |= containsToken(l, vs, ve, "keep-alive");
            } else if (HttpInput.equalsLower(l, 0, colon, "host")) {
                if (host) {
                    throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
                }
                host = true;
            } else if (HttpInput.equalsLower(l, 0, colon, "expect")) {
                expectContinue = HttpInput.equalsLower(l, vs, ve, "100-continue");
            }
        }
        if (chunked && contentLength >= 0 || !req.http10 && !host) {
            throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
        }
        req.keepAlive = req.http10 ? keepAliveToken && !close : !close;
        if (contentLength > MAX_BODY) {
            throw new HttpParseException(413, Contract.BODY_TOO_LARGE);
        }
        if ((contentLength > 0 || chunked) && expectContinue) {
            out.write(CONTINUE);
            out.flush();
        }
        if (chunked) {
            req.body = ChunkedBody.read(in, MAX_BODY);
        } else if (contentLength > 0) {
            byte[] body = new byte[(int) contentLength];
            in.readFully(body, 0, body.length);
            req.body = body;
        }
        return true;
    }

    private static void requestLine(HttpRequest req, byte[] l, int n) throws HttpParseException {
        int sp1 = indexOf(l, 0, n, (byte) ' ');
        int sp2 = sp1 < 0 ? -1 : indexOf(l, sp1 + 1, n, (byte) ' ');
        if (sp1 <= 0 || sp2 < 0 || !isToken(l, 0, sp1) || sp2 == sp1 + 1 || l[sp1 + 1] != '/') {
            throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
        }
        if (n - sp2 - 1 != 8 || !"HTTP/1.".equals(new String(l, sp2 + 1, 7, StandardCharsets.US_ASCII))) {
            throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
        }
        if (l[n - 1] == '1') {
            req.http10 = false;
        } else if (l[n - 1] == '0') {
            req.http10 = true;
        } else {
            throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
        }
        for (int i = sp1 + 1; i < sp2; i++) {
            if (l[i] <= ' ' || l[i] >= 0x7f) {
                throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
            }
        }
        req.method = method(l, sp1);
        int q = indexOf(l, sp1 + 1, sp2, (byte) '?');
        int pathEnd = q < 0 ? sp2 : q;
        req.path = path(l, sp1 + 1, pathEnd);
        req.query = q < 0 ? null : new String(l, q + 1, sp2 - q - 1, StandardCharsets.US_ASCII);
    }

    /** The contract's fixed paths as constants, so that the common requests allocate no path. */
    private static String path(byte[] l, int from, int to) {
        for (int i = 0; i < KNOWN_PATHS.length; i++) {
            if (Arrays.equals(l, from, to, KNOWN_PATH_BYTES[i], 0, KNOWN_PATH_BYTES[i].length)) {
                return KNOWN_PATHS[i];
            }
        }
        return new String(l, from, to - from, StandardCharsets.US_ASCII);
    }

    /** The common methods as constants, so that routing compares without allocating. */
    private static String method(byte[] l, int len) {
        if (len == 3 && l[0] == 'G' && l[1] == 'E' && l[2] == 'T') {
            return "GET";
        }
        if (len == 4 && l[0] == 'P' && l[1] == 'O' && l[2] == 'S' && l[3] == 'T') {
            return "POST";
        }
        return new String(l, 0, len, StandardCharsets.US_ASCII);
    }

    static int indexOf(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** RFC 9110 token characters. */
    static boolean isToken(byte[] b, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (!HttpToken.isTokenChar(b[i])) {
                return false;
            }
        }
        return true;
    }

    /** Whether the comma-separated list in {@code b[from, to)} holds {@code token} (case-insensitive). */
    static boolean containsToken(byte[] b, int from, int to, String token) {
        int i = from;
        while (i < to) {
            int end = indexOf(b, i, to, (byte) ',');
            if (end < 0) {
                end = to;
            }
            int s = i;
            int e = end;
            while (s < e && (b[s] == ' ' || b[s] == '\t')) {
                s++;
            }
            while (e > s && (b[e - 1] == ' ' || b[e - 1] == '\t')) {
                e--;
            }
            if (HttpInput.equalsLower(b, s, e, token)) {
                return true;
            }
            i = end + 1;
        }
        return false;
    }
}
