package io.loadlab.servers.blocking;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * A buffered reader of HTTP/1.1 messages over one blocking socket stream, kept for the life of the connection so
 * that bytes of a pipelined next message stay buffered for it. Lines are parsed in place in a reusable buffer: a
 * header the caller does not need costs no allocation. Not thread-safe: one connection, one thread at a time.
 */
final class HttpInput {
    /** The line did not fit in what remained of the head's budget. */
    static final int TOO_LONG = -2;

    /** End of stream before the first byte of a line. */
    static final int EOF = -1;

    private final InputStream in;
    private final byte[] buf;
    private final int maxLine;
    private byte[] line;
    private int pos;
    private int limit;
    private int consumed;

    HttpInput(InputStream in, int bufferSize, int maxLine) {
        this.in = in;
        this.buf = new byte[bufferSize];
        this.maxLine = maxLine;
        this.line = new byte[Math.min(maxLine, 256)]; // grown on demand: most lines are short
    }

    /**
     * The bytes of the last line read by {@link #readLine}, without its CRLF (or bare LF). The array may be replaced
     * by a larger one on the next read: fetch it after each {@link #readLine}.
     */
    byte[] line() {
        return line;
    }

    /** The bytes the last {@link #readLine} took from the stream, its line ending included. */
    int consumed() {
        return consumed;
    }

    /** Bytes already received and not yet consumed (a pipelined request, for instance). */
    int buffered() {
        return limit - pos;
    }

    /**
     * Reads one line into {@link #line()}, blocking until its LF arrives.
     *
     * @param budget the most bytes the line may take, its line ending included
     * @return the line's length without its ending, {@link #EOF} when the stream ended before any byte, or
     *     {@link #TOO_LONG}
     * @throws EOFException when the stream ends inside a line
     */
    int readLine(int budget) throws IOException {
        int n = 0;
        consumed = 0;
        boolean started = false;
        while (true) {
            if (pos == limit && !fill()) {
                if (!started) {
                    return EOF;
                }
                throw new EOFException("connection closed inside a line");
            }
            started = true;
            byte b = buf[pos++];
            consumed++;
            if (--budget < 0) {
                return TOO_LONG;
            }
            if (b == '\n') {
                return n > 0 && line[n - 1] == '\r' ? n - 1 : n;
            }
            if (n == line.length) {
                if (n >= maxLine) {
                    return TOO_LONG;
                }
                line = Arrays.copyOf(line, Math.min(maxLine, n * 2));
            }
            line[n++] = b;
        }
    }

    /** Reads one byte, blocking; -1 at the end of the stream. */
    int read() throws IOException {
        if (pos == limit && !fill()) {
            return -1;
        }
        return buf[pos++] & 0xff;
    }

    /** Reads exactly {@code len} bytes, blocking. */
    void readFully(byte[] dst, int off, int len) throws IOException {
        while (len > 0) {
            if (pos == limit) {
                if (len >= buf.length) {
                    int r = in.read(dst, off, len);
                    if (r < 0) {
                        throw new EOFException("connection closed inside a body");
                    }
                    off += r;
                    len -= r;
                    continue;
                }
                if (!fill()) {
                    throw new EOFException("connection closed inside a body");
                }
            }
            int k = Math.min(len, limit - pos);
            System.arraycopy(buf, pos, dst, off, k);
            pos += k;
            off += k;
            len -= k;
        }
    }

    /** Discards exactly {@code len} bytes, blocking. */
    void skip(long len) throws IOException {
        while (len > 0) {
            if (pos == limit && !fill()) {
                throw new EOFException("connection closed inside a body");
            }
            int k = (int) Math.min(len, limit - pos);
            pos += k;
            len -= k;
        }
    }

    private boolean fill() throws IOException {
        int r = in.read(buf, 0, buf.length);
        if (r <= 0) {
            return false;
        }
        pos = 0;
        limit = r;
        return true;
    }

    /** Case-insensitive ASCII comparison of {@code line[from, from + s.length)} with the lower-case {@code s}. */
    static boolean equalsLower(byte[] line, int from, int to, String s) {
        if (to - from != s.length()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            int c = line[from + i];
            if (c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** A non-negative decimal number in {@code line[from, to)}, or -1 when it is not one (or exceeds 18 digits). */
    static long parseDecimal(byte[] line, int from, int to) {
        if (from >= to || to - from > 18) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            int c = line[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
