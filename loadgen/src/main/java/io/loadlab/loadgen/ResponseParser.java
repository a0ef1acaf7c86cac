package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCategory;
import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;
import io.netty.util.concurrent.FastThreadLocal;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A small strict HTTP/1.1 response parser that streams over the bytes as they arrive: status line, headers
 * ({@code Content-Length}, {@code Transfer-Encoding: chunked}, {@code Connection}), then a content-length, chunked
 * or close-delimited body. It never accumulates the response: only the head of each line (enough to read the
 * headers it needs) is copied into a fixed buffer, and bodies are skipped, so parsing allocates nothing. When a
 * response is not usable, {@link #error()} tells which {@link ErrorCategory} it falls in.
 *
 * <p>Not thread-safe: one per connection, used by its event loop.
 */
final class ResponseParser {
    static final int NEED_MORE = 0;
    static final int DONE = 1;
    static final int INVALID = -1;

    private static final int STATUS = 0;
    private static final int HEADER = 1;
    private static final int BODY_LENGTH = 2;
    private static final int CHUNK_SIZE = 3;
    private static final int CHUNK_DATA = 4;
    private static final int CHUNK_END = 5;
    private static final int TRAILER = 6;
    private static final int BODY_CLOSE = 7;
    private static final int COMPLETE = 8;

    private static final int MAX_CHUNK_LINE = 1024;

    /** The event loop's copy of a head read whole ({@link #wholeHead}) and where its lines end. */
    private static final class Scratch {
        final byte[] bytes = new byte[4096];
        final int[] ends = new int[64];
    }

    /** One {@link Scratch} per event loop, shared by its connections. */
    private static final FastThreadLocal<Scratch> SCRATCH = new FastThreadLocal<>() {
        @Override
        protected Scratch initialValue() {
            return new Scratch();
        }
    };

    private final int maxHeaderBytes;
    private final byte[] line = new byte[128];
    private int lineLen;
    private int state;
    private int headerBytes;
    private int status;
    private boolean close;
    private boolean keepAlive10;
    private boolean http10;
    private boolean chunked;
    private long contentLength;
    private long remaining;
    private boolean noBody;
    private ErrorCategory error;
    /** Where this response's body is copied for its check, or null when it is not sampled. */
    private byte[] sample;
    /** Where a 5xx answer's body is copied when it is not sampled otherwise: what it says failed. */
    private final byte[] errorBody;

    private boolean retryAfter;

    private int sampleLen;
    private boolean sampleCut;

    ResponseParser(int maxHeaderBytes) {
        this(maxHeaderBytes, null);
    }

    /** @param errorBody where the start of a 5xx answer's body is kept (null: not kept) */
    ResponseParser(int maxHeaderBytes, byte[] errorBody) {
        this.maxHeaderBytes = maxHeaderBytes;
        this.errorBody = errorBody;
        reset(false);
    }

    /** Prepares for the response to a new request; {@code head} when it was a HEAD request (no body follows). */
    void reset(boolean head) {
        state = STATUS;
        lineLen = 0;
        headerBytes = 0;
        status = 0;
        close = false;
        keepAlive10 = false;
        http10 = false;
        chunked = false;
        contentLength = -1;
        remaining = 0;
        noBody = head;
        error = null;
        sample = null;
        sampleLen = 0;
        sampleCut = false;
        retryAfter = false;
    }

    /** The buffer this response's body went to (the sample's or the 5xx's), null when none; {@link #sampleLength}. */
    byte[] sampleBytes() {
        return sample;
    }

    /** True when the answer said when to retry ({@code Retry-After}): a 503 that sheds load on purpose. */
    boolean retryAfter() {
        return retryAfter;
    }

    /** Copies this response's body into {@code into} (as much as fits) for its check; call after {@link #reset}. */
    void sample(byte[] into) {
        sample = into;
    }

    /** The sampled body's bytes in the buffer given to {@link #sample}. */
    int sampleLength() {
        return sampleLen;
    }

    /** True when the sampled body did not fit its buffer. */
    boolean sampleCut() {
        return sampleCut;
    }

    private void keep(ByteBuf in, int n) {
        int room = Math.min(n, sample.length - sampleLen);
        in.getBytes(in.readerIndex(), sample, sampleLen, room);
        sampleLen += room;
        sampleCut |= room < n;
    }

    /** Consumes readable bytes of {@code in}; returns {@link #NEED_MORE}, {@link #DONE} or {@link #INVALID}. */
    int feed(ByteBuf in) {
        while (in.isReadable()) {
            if (state == STATUS && lineLen == 0 && headerBytes == 0) {
                int r = wholeHead(in);
                if (r != NEED_MORE) {
                    return r;
                }
                if (state != STATUS) {
                    continue; // the head was read whole; its body, if any, follows
                }
            }
            switch (state) {
                case STATUS, HEADER, CHUNK_SIZE, CHUNK_END, TRAILER -> {
                    int r = readLine(in);
                    if (r != DONE) {
                        return r;
                    }
                    int lr = onLine();
                    if (lr != NEED_MORE) {
                        return lr;
                    }
                }
                case BODY_LENGTH, CHUNK_DATA -> {
                    int n = (int) Math.min(remaining, in.readableBytes());
                    if (sample != null) {
                        keep(in, n);
                    }
                    in.skipBytes(n);
                    remaining -= n;
                    if (remaining == 0) {
                        if (state == BODY_LENGTH) {
                            return done();
                        }
                        state = CHUNK_END;
                    }
                }
                case BODY_CLOSE -> {
                    if (sample != null) {
                        keep(in, in.readableBytes());
                    }
                    in.skipBytes(in.readableBytes());
                }
                default -> {
                    return invalid(ErrorCategory.INVALID); // bytes after the end of the response
                }
            }
        }
        return NEED_MORE;
    }

    /** The connection closed: a close-delimited body ends here; anything else was cut short. */
    int onClose() {
        return state == BODY_CLOSE ? done() : NEED_MORE;
    }

    /** True while inside a body (after the headers, before its end): a close here truncates it. */
    boolean inBody() {
        return state == BODY_LENGTH || (state >= CHUNK_SIZE && state <= TRAILER);
    }

    int status() {
        return status;
    }

    /** False when the server said it closes the connection after this response. */
    boolean keepAlive() {
        return !close && (!http10 || keepAlive10);
    }

    /** Why the last {@link #INVALID} answer was not usable; null otherwise. */
    ErrorCategory error() {
        return error;
    }

    private int done() {
        state = COMPLETE;
        return DONE;
    }

    private int invalid(ErrorCategory why) {
        error = why;
        state = COMPLETE;
        return INVALID;
    }

    private static final ByteProcessor FIND_LF = b -> b != '\n';

    /** Copies bytes up to and including LF; DONE when a whole line is in {@link #line} (CR LF stripped). */
    private int readLine(ByteBuf in) {
        int start = in.readerIndex();
        int lf = in.forEachByte(start, in.readableBytes(), FIND_LF);
        int end = lf < 0 ? in.writerIndex() : lf;
        int n = end - start;
        int room = line.length - Math.min(lineLen, line.length);
        if (room > 0) {
            in.getBytes(start, line, Math.min(lineLen, line.length), Math.min(room, n));
        }
        lineLen += n;
        in.readerIndex(lf < 0 ? end : end + 1);
        if (state == STATUS || state == HEADER) {
            headerBytes += n + (lf < 0 ? 0 : 1);
            if (headerBytes > maxHeaderBytes) {
                return invalid(ErrorCategory.OVERSIZED_HEADER);
            }
        } else if (lineLen > MAX_CHUNK_LINE) {
            return invalid(ErrorCategory.BAD_CHUNK);
        }
        return lf < 0 ? NEED_MORE : DONE;
    }

    /**
     * The whole head at once when it is all in {@code in}, as nearly every response's is: one copy into the event
     * loop's scratch array and the lines read there, where the streaming path below finds each line with a
     * {@link ByteProcessor} and copies it on its own. It decides exactly as that path would (a line is read up to
     * {@link #line}'s length, as there); when the head is not all here it changes nothing and the streaming path
     * takes over. Returns what {@link #feed} returns, NEED_MORE to go on.
     */
    private int wholeHead(ByteBuf in) {
        Scratch sc = SCRATCH.get();
        byte[] a = sc.bytes;
        int[] ends = sc.ends;
        int n = Math.min(in.readableBytes(), Math.min(a.length, maxHeaderBytes + 1));
        in.getBytes(in.readerIndex(), a, 0, n);
        int lines = 0;
        int from = 0;
        while (true) { // find every line's LF first: until the empty line is seen nothing is decided
            int lf = nextLf(a, from, n);
            if (lf < 0 || lines == ends.length) {
                return NEED_MORE; // not all here, or too many lines: the streaming path decides
            }
            ends[lines++] = lf;
            if (lf == from || (lf == from + 1 && a[from] == '\r')) {
                break;
            }
            from = lf + 1;
        }
        int end = ends[lines - 1] + 1;
        if (end > maxHeaderBytes) {
            return NEED_MORE;
        }
        in.skipBytes(end);
        headerBytes = end;
        from = 0;
        for (int i = 0; i < lines; i++) {
            int lf = ends[i];
            int len = lf - from;
            boolean truncated = len > line.length;
            if (truncated) {
                len = line.length;
            } else if (len > 0 && a[lf - 1] == '\r') {
                len--;
            }
            int r = state == STATUS
                    ? statusLine(a, from, len)
                    : len == 0 ? endOfHeaders() : header(a, from, len, truncated);
            from = lf + 1;
            if (r != NEED_MORE || state != HEADER) {
                return r;
            }
        }
        return NEED_MORE;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** The first LF in {@code a[from, to)}, eight bytes at a time; -1 when there is none. */
    static int nextLf(byte[] a, int from, int to) {
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long x = (long) LONGS.get(a, i) ^ 0x0A0A0A0A0A0A0A0AL; // an LF byte becomes zero
            long zero = (x - 0x0101010101010101L) & ~x & 0x8080808080808080L; // the lowest set bit is the first
            if (zero != 0) {
                return i + (Long.numberOfTrailingZeros(zero) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (a[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Interprets the line just read; NEED_MORE to go on parsing. */
    private int onLine() {
        int len = lineLen;
        if (len > 0 && len <= line.length && line[len - 1] == '\r') {
            len--;
        } else if (len > line.length) {
            len = line.length;
        }
        boolean truncated = lineLen > line.length;
        lineLen = 0;
        return switch (state) {
            case STATUS -> statusLine(line, 0, len);
            case HEADER -> len == 0 ? endOfHeaders() : header(line, 0, len, truncated);
            case CHUNK_SIZE -> chunkSize(len);
            case CHUNK_END -> {
                if (len != 0) {
                    yield invalid(ErrorCategory.BAD_CHUNK); // chunk data longer than its size
                }
                state = CHUNK_SIZE;
                yield NEED_MORE;
            }
            case TRAILER -> len == 0 ? done() : NEED_MORE;
            default -> invalid(ErrorCategory.INVALID);
        };
    }

    private int statusLine(byte[] a, int o, int len) {
        if (len < 12
                || a[o + 0] != 'H'
                || a[o + 1] != 'T'
                || a[o + 2] != 'T'
                || a[o + 3] != 'P'
                || a[o + 4] != '/'
                || a[o + 5] != '1'
                || a[o + 6] != '.'
                || (a[o + 7] != '0' && a[o + 7] != '1')
                || a[o + 8] != ' '
                || !digit(a[o + 9])
                || !digit(a[o + 10])
                || !digit(a[o + 11])
                || (len > 12 && a[o + 12] != ' ')) {
            return invalid(ErrorCategory.INVALID_STATUS_LINE);
        }
        http10 = a[o + 7] == '0';
        status = (a[o + 9] - '0') * 100 + (a[o + 10] - '0') * 10 + (a[o + 11] - '0');
        if (status < 100) {
            return invalid(ErrorCategory.INVALID_STATUS_LINE);
        }
        state = HEADER;
        return NEED_MORE;
    }

    private int header(byte[] a, int o, int len, boolean truncated) {
        int colon = -1;
        for (int i = 0; i < len; i++) {
            if (a[o + i] == ':') {
                colon = i;
                break;
            }
        }
        if (colon <= 0) {
            return truncated ? NEED_MORE : invalid(ErrorCategory.INVALID); // a header line without a name
        }
        int v = colon + 1;
        while (v < len && (a[o + v] == ' ' || a[o + v] == '\t')) {
            v++;
        }
        int ve = len;
        while (ve > v && (a[o + ve - 1] == ' ' || a[o + ve - 1] == '\t')) {
            ve--;
        }
        if (nameIs(a, o, colon, "content-length")) {
            if (truncated) {
                return invalid(ErrorCategory.INVALID);
            }
            long n = 0;
            if (ve == v) {
                return invalid(ErrorCategory.INVALID);
            }
            for (int i = v; i < ve; i++) {
                if (!digit(a[o + i]) || n > Long.MAX_VALUE / 10 - 10) {
                    return invalid(ErrorCategory.INVALID);
                }
                n = n * 10 + (a[o + i] - '0');
            }
            if (contentLength >= 0 && contentLength != n) {
                return invalid(ErrorCategory.INVALID);
            }
            contentLength = n;
        } else if (status >= 500 && nameIs(a, o, colon, "retry-after")) {
            retryAfter = true;
        } else if (nameIs(a, o, colon, "transfer-encoding")) {
            chunked = endsWithIgnoreCase(a, o + v, o + ve, "chunked");
        } else if (nameIs(a, o, colon, "connection")) {
            if (containsIgnoreCase(a, o + v, o + ve, "close")) {
                close = true;
            } else if (containsIgnoreCase(a, o + v, o + ve, "keep-alive")) {
                keepAlive10 = true;
            }
        }
        return NEED_MORE;
    }

    private int endOfHeaders() {
        if (status >= 500 && sample == null) {
            sample = errorBody; // what failed, as the answer says it ("database: ...")
        }
        if (status < 200 && status != 101) {
            state = STATUS; // 1xx interim response: the real one follows
            headerBytes = 0;
            return NEED_MORE;
        }
        if (noBody || status == 204 || status == 304 || (status >= 100 && status < 200)) {
            return done();
        }
        if (chunked) {
            state = CHUNK_SIZE;
            return NEED_MORE;
        }
        if (contentLength >= 0) {
            if (contentLength == 0) {
                return done();
            }
            remaining = contentLength;
            state = BODY_LENGTH;
            return NEED_MORE;
        }
        close = true;
        state = BODY_CLOSE;
        return NEED_MORE;
    }

    private int chunkSize(int len) {
        long size = 0;
        int i = 0;
        for (; i < len; i++) {
            int d = Character.digit(line[i], 16);
            if (d < 0) {
                break;
            }
            if (size > (Long.MAX_VALUE >> 4)) {
                return invalid(ErrorCategory.BAD_CHUNK);
            }
            size = size * 16 + d;
        }
        if (i == 0 || (i < len && line[i] != ';' && line[i] != ' ' && line[i] != '\t')) {
            return invalid(ErrorCategory.BAD_CHUNK);
        }
        if (size == 0) {
            state = TRAILER;
        } else {
            remaining = size;
            state = CHUNK_DATA;
        }
        return NEED_MORE;
    }

    private static boolean nameIs(byte[] a, int o, int nameLen, String lower) {
        if (nameLen != lower.length()) {
            return false;
        }
        for (int i = 0; i < nameLen; i++) {
            if ((a[o + i] | 0x20) != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean endsWithIgnoreCase(byte[] line, int from, int to, String lower) {
        int n = lower.length();
        if (to - from < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if ((line[to - n + i] | 0x20) != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean containsIgnoreCase(byte[] line, int from, int to, String lower) {
        int n = lower.length();
        outer:
        for (int s = from; s + n <= to; s++) {
            for (int i = 0; i < n; i++) {
                if ((line[s + i] | 0x20) != lower.charAt(i)) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static boolean digit(byte b) {
        return b >= '0' && b <= '9';
    }
}
