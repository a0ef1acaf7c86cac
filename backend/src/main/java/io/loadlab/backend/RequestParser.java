package io.loadlab.backend;

import io.loadlab.core.ContractLimits;
import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocal;
import java.nio.charset.StandardCharsets;

/**
 * The backend's HTTP/1.x request reader: of each request it keeps what the backend answers by (the method, the
 * target, the version, {@code Connection}) and how long its body is, read in place from the received bytes. It
 * replaces Netty's {@code HttpRequestDecoder}, which builds a request object and a header map for every call the
 * servers make, only for the backend to look at one header: on 2 CPUs the backend shares the load generator's core,
 * and its CPU per call is the lab's, not the server's.
 *
 * <p>A request's head is read only once it has arrived whole (its empty line seen), so a head split across reads is
 * read again from its start; heads are a few hundred bytes and arrive whole nearly always. The body, if any, is
 * skipped: by its {@code Content-Length}, or chunk by chunk.
 *
 * <p>Not thread-safe: one per connection, on the backend's event loop.
 */
final class RequestParser {
    /** The head (or the chunk line) is not all here yet. */
    static final int NEED_MORE = 0;

    static final int DONE = 1;
    /** Not HTTP/1.x, or a header without a name, or a body it cannot frame: answer 400 and close. */
    static final int BAD = -1;
    /** The headers are larger than allowed: answer 431 and close. */
    static final int TOO_LARGE = -2;

    private static final byte[] GET = "GET ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] VERSION = "HTTP/1.".getBytes(StandardCharsets.US_ASCII);
    private static final String HELLO = "/hello";

    /**
     * The event loop's copy of the head being read: one array per thread, large enough for the longest head allowed
     * (request line, headers, their line ends), shared by the connections of that loop.
     */
    private static final FastThreadLocal<byte[]> SCRATCH = new FastThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
            return new byte[2 * (int) ContractLimits.MAX_HEADER_SIZE.bytes() + 8];
        }
    };

    private final int maxLine;
    private final int maxHeaders;

    /** The request just read: GET or another method. */
    boolean get;
    /** Its target, e.g. {@code /hello?delay_ms=5}; {@link #path} and {@link #query} are its two parts. */
    String target;
    /** HTTP/1.1 (else 1.0). */
    boolean http11;
    /** {@code Connection: close} was asked. */
    boolean close;
    /** {@code Connection: keep-alive} was asked (what keeps an HTTP/1.0 connection open). */
    boolean keepAlive;

    /** Body bytes of the current request still to skip, or -1 while its chunks are being skipped. */
    private long body;

    private int chunkState;
    /** Bytes of the current chunk still to skip. */
    private long chunkLeft;

    private static final int CHUNK_SIZE = 0;
    private static final int CHUNK_DATA = 1;
    private static final int CHUNK_END = 2;
    private static final int TRAILER = 3;

    /** What {@link #head} copies first: a head from a server's HTTP client is a few hundred bytes. */
    private static final int FIRST_COPY = 512;

    /** The buffer {@link #head} reads, how much of it may be copied, and how much is. */
    private ByteBuf source;

    private int limit;
    private int copied;

    RequestParser(int maxLine, int maxHeaders) {
        if (maxLine + maxHeaders + 8 > 2 * (int) ContractLimits.MAX_HEADER_SIZE.bytes() + 8) {
            throw new IllegalArgumentException(
                    "a head of " + maxLine + " + " + maxHeaders + " bytes exceeds the scratch");
        }
        this.maxLine = maxLine;
        this.maxHeaders = maxHeaders;
    }

    /**
     * The first {@code c} at or after {@code from} in the head's copy, copying more of {@link #source} while there is
     * more to copy; -1 when all that may be copied has none.
     */
    private int find(byte[] b, int from, char c) {
        while (true) {
            int at = indexOf(b, from, copied, c);
            if (at >= 0 || copied == limit) {
                return at;
            }
            int more = Math.min(limit, copied * 4);
            source.getBytes(source.readerIndex() + copied, b, copied, more - copied);
            from = copied;
            copied = more;
        }
    }

    /** True while the current request's body is being skipped: feed the bytes to {@link #skipBody} first. */
    boolean inBody() {
        return body != 0;
    }

    /**
     * Reads one request head from {@code in}'s readable bytes. On {@link #DONE} the head is consumed and the fields
     * above describe the request; on {@link #NEED_MORE} nothing is consumed. The head is copied once into the event
     * loop's scratch array and read there: a loop over an array costs a fraction of a {@link ByteBuf#getByte} per
     * byte, each checked against the buffer's bounds and reference count.
     */
    int head(ByteBuf in) {
        try {
            return readHead(in);
        } finally {
            source = null;
        }
    }

    private int readHead(ByteBuf in) {
        byte[] b = SCRATCH.get();
        source = in;
        limit = Math.min(in.readableBytes(), b.length);
        copied = Math.min(limit, FIRST_COPY);
        in.getBytes(in.readerIndex(), b, 0, copied);
        int eol = find(b, 0, '\n');
        if (eol < 0) {
            return copied > maxLine ? BAD : NEED_MORE;
        }
        if (eol > maxLine) {
            return BAD;
        }
        int r = requestLine(b, 0, lineEnd(b, 0, eol));
        if (r != DONE) {
            return r;
        }
        close = false;
        keepAlive = false;
        long length = -1;
        boolean chunked = false;
        int headers = eol + 1;
        int line = headers;
        while (true) {
            int lf = find(b, line, '\n');
            if (lf < 0) {
                return copied - headers > maxHeaders ? TOO_LARGE : NEED_MORE;
            }
            if (lf + 1 - headers > maxHeaders) {
                return TOO_LARGE;
            }
            int le = lineEnd(b, line, lf);
            if (le == line) {
                in.skipBytes(lf + 1);
                break;
            }
            int colon = indexOf(b, line, le, ':');
            if (colon <= line) {
                return BAD; // a header line without a name
            }
            int v = skipSpace(b, colon + 1, le);
            int ve = trimEnd(b, v, le);
            int name = colon - line;
            if (name == 14 && named(b, line, colon, "content-length")) {
                long len = digits(b, v, ve);
                if (len < 0 || (length >= 0 && length != len)) {
                    return BAD;
                }
                length = len;
            } else if (name == 17 && named(b, line, colon, "transfer-encoding")) {
                if (!endsWithToken(b, v, ve, "chunked")) {
                    return BAD; // a body framed by something other than chunked cannot be found
                }
                chunked = true;
            } else if (name == 10 && named(b, line, colon, "connection")) {
                close |= hasToken(b, v, ve, "close");
                keepAlive |= hasToken(b, v, ve, "keep-alive");
            }
            line = lf + 1;
        }
        if (chunked) {
            body = -1;
            chunkState = CHUNK_SIZE;
        } else {
            body = Math.max(length, 0);
        }
        return DONE;
    }

    /**
     * Skips what {@code in} holds of the current request's body; {@link #DONE} when it is over, {@link #NEED_MORE}
     * when more is to come, {@link #BAD} for a malformed chunk.
     */
    int skipBody(ByteBuf in) {
        while (in.isReadable()) {
            if (body > 0) {
                int n = (int) Math.min(body, in.readableBytes());
                in.skipBytes(n);
                body -= n;
                if (body == 0) {
                    return DONE;
                }
                continue;
            }
            if (body == 0) {
                return DONE;
            }
            if (chunkState == CHUNK_DATA) {
                int n = (int) Math.min(chunkLeft, in.readableBytes());
                in.skipBytes(n);
                chunkLeft -= n;
                if (chunkLeft == 0) {
                    chunkState = CHUNK_END;
                }
                continue;
            }
            byte[] b = SCRATCH.get();
            int n = Math.min(in.readableBytes(), maxLine + 1);
            in.getBytes(in.readerIndex(), b, 0, n);
            int lf = indexOf(b, 0, n, '\n');
            if (lf < 0) {
                return n > maxLine ? BAD : NEED_MORE;
            }
            int start = 0;
            int le = lineEnd(b, start, lf);
            in.skipBytes(lf + 1);
            switch (chunkState) {
                case CHUNK_SIZE -> {
                    long size = chunkSize(b, start, le);
                    if (size < 0) {
                        return BAD;
                    }
                    if (size == 0) {
                        chunkState = TRAILER;
                    } else {
                        chunkLeft = size;
                        chunkState = CHUNK_DATA;
                    }
                }
                case CHUNK_END -> {
                    if (le != start) {
                        return BAD; // chunk data longer than its size
                    }
                    chunkState = CHUNK_SIZE;
                }
                default -> { // TRAILER: header lines until an empty one
                    if (le == start) {
                        body = 0;
                        return DONE;
                    }
                }
            }
        }
        return body == 0 ? DONE : NEED_MORE;
    }

    /** The request line {@code METHOD SP target SP HTTP/1.x}; fills {@link #get}, {@link #target}, {@link #http11}. */
    private int requestLine(byte[] b, int from, int to) {
        int sp1 = indexOf(b, from, to, ' ');
        if (sp1 <= from) {
            return BAD;
        }
        int t = sp1 + 1;
        int sp2 = indexOf(b, t, to, ' ');
        if (sp2 <= t || to - sp2 - 1 != VERSION.length + 1 || !startsWith(b, sp2 + 1, VERSION)) {
            return BAD;
        }
        byte minor = b[to - 1];
        if (minor != '0' && minor != '1') {
            return BAD;
        }
        for (int i = from; i < sp1; i++) {
            if (b[i] < 'A' || b[i] > 'Z') {
                return BAD; // a method is an upper-case token
            }
        }
        http11 = minor == '1';
        get = sp1 - from == GET.length - 1 && startsWith(b, from, GET);
        target = same(HELLO, b, t, sp2)
                ? HELLO
                : same(target, b, t, sp2) ? target : new String(b, t, sp2 - t, StandardCharsets.ISO_8859_1);
        return DONE;
    }

    /**
     * True when {@code s} is the bytes {@code b[from, to)}: a server calls {@code /hello}, or one route over and over,
     * so most requests need no new string (and {@link #HELLO}, unlike a connection's last target, is in the cache).
     */
    private static boolean same(String s, byte[] b, int from, int to) {
        if (s == null || s.length() != to - from) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (s.charAt(i - from) != (b[i] & 0xff)) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] b, int from, int to, char c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The end of a line's content: before its CR, if any. */
    private static int lineEnd(byte[] b, int from, int lf) {
        return lf > from && b[lf - 1] == '\r' ? lf - 1 : lf;
    }

    private static int skipSpace(byte[] b, int from, int to) {
        while (from < to && (b[from] == ' ' || b[from] == '\t')) {
            from++;
        }
        return from;
    }

    private static int trimEnd(byte[] b, int from, int to) {
        while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t')) {
            to--;
        }
        return to;
    }

    private static boolean startsWith(byte[] b, int at, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (b[at + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** True when bytes {@code [from, to)} are {@code lower}, ignoring ASCII case. */
    private static boolean named(byte[] b, int from, int to, String lower) {
        if (to - from != lower.length()) {
            return false;
        }
        for (int i = 0; i < lower.length(); i++) {
            if ((b[from + i] | 0x20) != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** True when the comma-separated list in {@code [from, to)} holds {@code lower}, ignoring case. */
    private static boolean hasToken(byte[] b, int from, int to, String lower) {
        int i = from;
        while (i < to) {
            int comma = indexOf(b, i, to, ',');
            int e = comma < 0 ? to : comma;
            int s = skipSpace(b, i, e);
            if (named(b, s, trimEnd(b, s, e), lower)) {
                return true;
            }
            i = e + 1;
        }
        return false;
    }

    /** True when the last token of the comma-separated list in {@code [from, to)} is {@code lower}. */
    private static boolean endsWithToken(byte[] b, int from, int to, String lower) {
        int s = to - lower.length();
        if (s < from || !named(b, s, to, lower)) {
            return false;
        }
        int before = trimEnd(b, from, s);
        return before == from || b[before - 1] == ',';
    }

    /** A decimal length, or -1 when empty, not digits, or absurdly long. */
    private static long digits(byte[] b, int from, int to) {
        if (from == to || to - from > 18) {
            return -1;
        }
        long n = 0;
        for (int i = from; i < to; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return -1;
            }
            n = n * 10 + (b[i] - '0');
        }
        return n;
    }

    /** A chunk-size line's size (hex, then optional extensions), or -1 when malformed. */
    private static long chunkSize(byte[] b, int from, int to) {
        long size = 0;
        int i = from;
        for (; i < to && i - from <= 15; i++) {
            int d = Character.digit(b[i], 16);
            if (d < 0) {
                break;
            }
            size = size * 16 + d;
        }
        if (i == from || (i < to && b[i] != ';' && b[i] != ' ' && b[i] != '\t')) {
            return -1;
        }
        return size;
    }
}
