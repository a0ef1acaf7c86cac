package io.loadlab.loadgen;

import static io.loadlab.loadgen.Http2Frames.DATA;
import static io.loadlab.loadgen.Http2Frames.END_HEADERS;
import static io.loadlab.loadgen.Http2Frames.END_STREAM;
import static io.loadlab.loadgen.Http2Frames.FRAME_HEADER;
import static io.loadlab.loadgen.Http2Frames.HEADERS;
import static io.loadlab.loadgen.Http2Frames.MAX_FRAME;

import io.loadlab.core.UserError;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The requests of one load thread as HTTP/2 frames: a HEADERS frame whose HPACK block is encoded once (static-table
 * indices, literals without indexing, no Huffman, so that the server's decoder table never changes and nothing
 * depends on earlier requests), followed by one DATA frame when there is a body. A server that announces a smaller
 * decoder table than the default 4096 bytes is owed a dynamic table size update at the start of the next header block
 * (RFC 7541 4.2); the one written is to 0, since this encoder never inserts. A request without placeholders is
 * one byte array patched with its stream id; a templated one renders its path and body straight into the outgoing
 * buffer. Bodies and header blocks must fit one frame of the smallest size every peer accepts (16 KiB).
 *
 * <p>Immutable after construction; rendering writes only into the caller's buffer.
 */
final class Http2Requests {
    /** A dynamic table size update to 0 bytes (RFC 7541 6.3: prefix 001, a 5-bit integer). */
    private static final int TABLE_SIZE_ZERO = 0x20;

    /** Headers HTTP/2 forbids (RFC 9113 8.2.2) or carries as pseudo-headers: left out of the block. */
    private static final Set<String> DROPPED =
            Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host", "te");

    private final byte[][] fixed;
    private final int[] fixedDataAt;
    private final byte[][] before;
    private final byte[][] after;
    private final int maxBody;

    /**
     * @param rendered whether request i is templated (its path and body rendered per request by {@link #render});
     *     {@code maxPath}/{@code maxBody} the longest rendering over its data rows
     */
    Http2Requests(LoadSpec spec, RequestSpec[] specs, boolean[] templated, int[] maxPath, int[] maxBodies) {
        int n = specs.length;
        fixed = new byte[n][];
        fixedDataAt = new int[n];
        before = new byte[n][];
        after = new byte[n][];
        int largest = 0;
        for (int i = 0; i < n; i++) {
            RequestSpec r = specs[i];
            ByteBuf head = Unpooled.buffer();
            method(r.method(), head);
            head.writeByte(spec.target().tls() ? 0x87 : 0x86); // :scheme https / http
            head.writeByte(0x04); // :path, name from the static table, literal without indexing
            before[i] = bytes(head);
            ByteBuf tail = Unpooled.buffer();
            tail.writeByte(0x01); // :authority
            string(spec.target().hostHeader(), tail);
            for (Map.Entry<String, String> h : r.headers().entrySet()) {
                String name = h.getKey().toLowerCase(Locale.ROOT);
                if (DROPPED.contains(name) || name.equals("content-length")) {
                    continue;
                }
                tail.writeByte(0x00);
                string(name, tail);
                string(h.getValue(), tail);
            }
            after[i] = bytes(tail);
            int body = r.body() == null ? -1 : maxBodies[i];
            int block = 1 + before[i].length + 5 + maxPath[i] + after[i].length + (body >= 0 ? 2 + 1 + 7 : 0);
            if (body > MAX_FRAME || block > MAX_FRAME) {
                throw new UserError("request '" + r.name() + "' is too large for one HTTP/2 frame ("
                        + Math.max(body, block) + " bytes, at most " + MAX_FRAME
                        + "); use a shorter body or path, or HTTP/1.1");
            }
            largest = Math.max(largest, body);
            if (!templated[i]) {
                ByteBuf out = Unpooled.buffer();
                byte[] bodyBytes = r.body() == null ? null : r.body().getBytes(StandardCharsets.UTF_8);
                fixedDataAt[i] = write(i, r.path().getBytes(StandardCharsets.UTF_8), bodyBytes, out);
                fixed[i] = bytes(out);
            }
        }
        maxBody = Math.max(0, largest);
    }

    /** The longest request body: a connection whose send window is smaller starts no new request. */
    int maxBody() {
        return maxBody;
    }

    boolean fixed(int i) {
        return fixed[i] != null;
    }

    /**
     * Appends fixed request {@code i} on stream {@code streamId}, its header block opening with a table size update
     * when {@code tableSizeUpdate}; returns its body length (or -1).
     */
    int writeFixed(int i, int streamId, boolean tableSizeUpdate, ByteBuf out) {
        int at = out.writerIndex();
        byte[] f = fixed[i];
        int shift = 0;
        if (tableSizeUpdate) {
            out.writeBytes(f, 0, FRAME_HEADER)
                    .writeByte(TABLE_SIZE_ZERO)
                    .writeBytes(f, FRAME_HEADER, f.length - FRAME_HEADER);
            out.setMedium(at, out.getUnsignedMedium(at) + 1);
            shift = 1;
        } else {
            out.writeBytes(f);
        }
        out.setInt(at + 5, streamId);
        int data = fixedDataAt[i];
        if (data < 0) {
            return -1;
        }
        out.setInt(at + shift + data + 5, streamId);
        return f.length - data - FRAME_HEADER;
    }

    /**
     * Appends templated request {@code i} rendered from {@code row}, its header block opening with a table size update
     * when {@code tableSizeUpdate}; returns the body length (or -1).
     */
    int render(int i, Template path, Template body, byte[][] row, int streamId, boolean tableSizeUpdate, ByteBuf out) {
        int start = out.writerIndex();
        out.writeZero(FRAME_HEADER);
        if (tableSizeUpdate) {
            out.writeByte(TABLE_SIZE_ZERO);
        }
        out.writeBytes(before[i]);
        length(path.length(row), 0, out);
        path.render(row, out);
        out.writeBytes(after[i]);
        int bodyLength = body == null ? -1 : body.length(row);
        if (bodyLength >= 0) {
            contentLength(bodyLength, out);
        }
        frameHeader(out, start, out.writerIndex() - start - FRAME_HEADER, HEADERS, bodyLength, streamId);
        if (bodyLength >= 0) {
            int data = out.writerIndex();
            out.writeZero(FRAME_HEADER);
            body.render(row, out);
            frameHeader(out, data, bodyLength, DATA, -1, streamId);
        }
        return bodyLength;
    }

    /** Writes request i's frames with stream id 0; returns the DATA frame's offset, or -1 without a body. */
    private int write(int i, byte[] path, byte[] body, ByteBuf out) {
        out.writeZero(FRAME_HEADER);
        out.writeBytes(before[i]);
        length(path.length, 0, out);
        out.writeBytes(path);
        out.writeBytes(after[i]);
        if (body != null) {
            contentLength(body.length, out);
        }
        frameHeader(out, 0, out.writerIndex() - FRAME_HEADER, HEADERS, body == null ? -1 : body.length, 0);
        if (body == null) {
            return -1;
        }
        int data = out.writerIndex();
        out.writeZero(FRAME_HEADER);
        out.writeBytes(body);
        frameHeader(out, data, body.length, DATA, -1, 0);
        return data;
    }

    /**
     * Fills in the frame header at {@code at}: HEADERS ends the headers, and the stream too when there is no body
     * ({@code bodyLength} -1); DATA always ends the stream.
     */
    private static void frameHeader(ByteBuf out, int at, int length, byte type, int bodyLength, int streamId) {
        out.setMedium(at, length);
        out.setByte(at + 3, type);
        int flags = type == HEADERS ? END_HEADERS | (bodyLength < 0 ? END_STREAM : 0) : END_STREAM;
        out.setByte(at + 4, flags);
        out.setInt(at + 5, streamId);
    }

    private static void contentLength(int length, ByteBuf out) {
        out.writeByte(0x0f).writeByte(0x0d); // content-length: static index 28, literal without indexing
        String digits = Integer.toString(length);
        out.writeByte(digits.length());
        for (int k = 0; k < digits.length(); k++) {
            out.writeByte(digits.charAt(k));
        }
    }

    private static void method(String method, ByteBuf out) {
        switch (method) {
            case "GET" -> out.writeByte(0x82);
            case "POST" -> out.writeByte(0x83);
            default -> {
                out.writeByte(0x02); // :method, literal without indexing
                string(method, out);
            }
        }
    }

    private static void string(String s, ByteBuf out) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        length(b.length, 0, out);
        out.writeBytes(b);
    }

    /** An HPACK integer with a 7-bit prefix (a string length, not Huffman-coded). */
    static void length(int v, int flags, ByteBuf out) {
        if (v < 0x7f) {
            out.writeByte(flags | v);
            return;
        }
        out.writeByte(flags | 0x7f);
        v -= 0x7f;
        while (v >= 0x80) {
            out.writeByte((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        out.writeByte(v);
    }

    private static byte[] bytes(ByteBuf b) {
        byte[] out = new byte[b.readableBytes()];
        b.readBytes(out);
        b.release();
        return out;
    }
}
