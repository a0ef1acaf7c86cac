package io.loadlab.loadgen;

import static io.loadlab.loadgen.Http2Frames.ACK;
import static io.loadlab.loadgen.Http2Frames.CONTINUATION;
import static io.loadlab.loadgen.Http2Frames.DATA;
import static io.loadlab.loadgen.Http2Frames.END_HEADERS;
import static io.loadlab.loadgen.Http2Frames.END_STREAM;
import static io.loadlab.loadgen.Http2Frames.FRAME_HEADER;
import static io.loadlab.loadgen.Http2Frames.GOAWAY;
import static io.loadlab.loadgen.Http2Frames.HEADERS;
import static io.loadlab.loadgen.Http2Frames.MAX_FRAME;
import static io.loadlab.loadgen.Http2Frames.PADDED;
import static io.loadlab.loadgen.Http2Frames.PING;
import static io.loadlab.loadgen.Http2Frames.PRIORITY;
import static io.loadlab.loadgen.Http2Frames.PUSH_PROMISE;
import static io.loadlab.loadgen.Http2Frames.RST_STREAM;
import static io.loadlab.loadgen.Http2Frames.SETTINGS;
import static io.loadlab.loadgen.Http2Frames.WINDOW_UPDATE;

import io.loadlab.core.result.ErrorCategory;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * Turns the bytes a server sends into calls on a {@link Listener}, one per frame. It checks each frame's framing
 * (the first frame is the server's SETTINGS, sizes, a header block not interleaved, no PUSH_PROMISE), joins a header
 * block continued in CONTINUATION frames and decodes only its {@code :status} ({@link HpackStatusDecoder}); DATA
 * payloads are skipped as they arrive, never buffered. A frame split across reads is kept until it is whole.
 *
 * <p>Confined to its connection's event loop. Reading allocates nothing but the buffers of split frames and
 * continued header blocks, kept across reads.
 */
final class Http2FrameReader {
    /** What the frames say, in the order they arrive; each call is about a well-framed frame. */
    interface Listener {
        /** True once the connection is dropped: nothing more is read. */
        boolean closed();

        /**
         * A whole response header block on {@code stream}, its {@code :status} or {@link HpackStatusDecoder#NO_STATUS}.
         */
        void headers(int stream, int status, boolean endStream);

        /** A DATA frame of {@code length} payload bytes begins; {@link #dataEnded} follows once they are skipped. */
        void data(int stream, int length, boolean endStream);

        void dataEnded();

        void rstStream(int stream, int code);

        /** One setting of a SETTINGS frame (not an acknowledgement); false stops reading it (the connection failed). */
        boolean setting(int id, long value);

        /** Every setting of a SETTINGS frame was taken. */
        void settingsEnded();

        /** A PING to acknowledge (not itself an acknowledgement), with its opaque data. */
        void ping(long opaque);

        void goaway(int lastStreamId);

        void windowUpdate(int stream, int increment);

        /** The server broke the protocol (or sent a header block over the limit): the connection is unusable. */
        void connectionError(ErrorCategory kind);

        /** The first bytes were not a SETTINGS frame: {@code head} is their start, as text. */
        void notHttp2(String head);
    }

    private final Listener listener;
    private final int maxHeaderBytes;
    private final HpackStatusDecoder hpack = new HpackStatusDecoder(4096);

    private boolean settingsReceived;
    private ByteBufAllocator alloc;
    /** Bytes of a frame that arrived in pieces; allocated at the first split frame and kept. */
    private ByteBuf cumulation;
    /** A header block continued in CONTINUATION frames, its stream and whether it ends the stream. */
    private ByteBuf block;

    private int blockStream;
    private boolean blockEndStream;
    /** Payload bytes of the current DATA frame still to skip. */
    private int skip;

    Http2FrameReader(Listener listener, int maxHeaderBytes) {
        this.listener = listener;
        this.maxHeaderBytes = maxHeaderBytes;
    }

    /** Reads the frames in {@code in} and keeps what is left of a split one; does not release {@code in}. */
    void read(ByteBuf in, ByteBufAllocator alloc) {
        this.alloc = alloc;
        if (cumulation != null && cumulation.isReadable()) {
            cumulation.writeBytes(in);
            frames(cumulation);
            if (cumulation != null) {
                cumulation.discardSomeReadBytes();
            }
        } else {
            frames(in);
            if (in.isReadable() && !listener.closed()) {
                if (cumulation == null) {
                    cumulation = alloc.directBuffer(Math.max(1024, in.readableBytes()));
                }
                cumulation.writeBytes(in);
            }
        }
    }

    /** Handles every whole frame in {@code in} (and DATA payload as it comes); leaves a partial frame unread. */
    private void frames(ByteBuf in) {
        while (!listener.closed()) {
            if (skip > 0) {
                int n = Math.min(skip, in.readableBytes());
                in.skipBytes(n);
                skip -= n;
                if (skip > 0) {
                    return;
                }
                listener.dataEnded();
                continue;
            }
            if (in.readableBytes() < FRAME_HEADER) {
                return;
            }
            int at = in.readerIndex();
            int length = in.getUnsignedMedium(at);
            int type = in.getUnsignedByte(at + 3);
            int flags = in.getUnsignedByte(at + 4);
            int stream = in.getInt(at + 5) & 0x7fffffff;
            if (!settingsReceived && (type != SETTINGS || (flags & ACK) != 0)) {
                listener.notHttp2(head(in));
                return;
            }
            if (length > MAX_FRAME) {
                listener.connectionError(ErrorCategory.INVALID);
                return;
            }
            if (block != null && type != CONTINUATION) {
                listener.connectionError(ErrorCategory.INVALID); // a header block must not be interleaved
                return;
            }
            if (type == DATA) {
                in.skipBytes(FRAME_HEADER);
                skip = length;
                listener.data(stream, length, (flags & END_STREAM) != 0);
                if (length == 0) {
                    listener.dataEnded();
                }
                continue;
            }
            if (in.readableBytes() < FRAME_HEADER + length) {
                return;
            }
            int from = at + FRAME_HEADER;
            in.readerIndex(from + length);
            frame(in, type, flags, stream, from, from + length);
        }
    }

    private void frame(ByteBuf in, int type, int flags, int stream, int from, int to) {
        switch (type) {
            case HEADERS -> headers(in, flags, stream, from, to);
            case CONTINUATION -> continuation(in, flags, stream, from, to);
            case RST_STREAM -> rstStream(in, stream, from, to);
            case SETTINGS -> settings(in, flags, from, to);
            case PING -> ping(in, flags, from, to);
            case GOAWAY -> goaway(in, from, to);
            case WINDOW_UPDATE -> windowUpdate(in, stream, from, to);
            case PUSH_PROMISE -> listener.connectionError(ErrorCategory.INVALID); // push was disabled in our SETTINGS
            default -> {} // PRIORITY, unknown types: ignored, as RFC 9113 asks
        }
    }

    private void headers(ByteBuf in, int flags, int stream, int from, int to) {
        if ((flags & PADDED) != 0 && from < to) {
            to -= in.getUnsignedByte(from++);
        }
        if ((flags & PRIORITY) != 0) {
            from += 5;
        }
        if (from > to || stream == 0) {
            listener.connectionError(ErrorCategory.INVALID);
            return;
        }
        boolean endStream = (flags & END_STREAM) != 0;
        if ((flags & END_HEADERS) != 0) {
            headerBlock(in, stream, from, to, endStream);
            return;
        }
        block = alloc.heapBuffer(Math.max(256, 2 * (to - from)));
        blockStream = stream;
        blockEndStream = endStream;
        appendBlock(in, from, to);
    }

    private void continuation(ByteBuf in, int flags, int stream, int from, int to) {
        if (block == null || stream != blockStream) {
            listener.connectionError(ErrorCategory.INVALID);
            return;
        }
        if (!appendBlock(in, from, to) || (flags & END_HEADERS) == 0) {
            return;
        }
        ByteBuf b = block;
        block = null;
        try {
            headerBlock(b, blockStream, b.readerIndex(), b.writerIndex(), blockEndStream);
        } finally {
            b.release();
        }
    }

    private boolean appendBlock(ByteBuf in, int from, int to) {
        if (block.readableBytes() + (to - from) > maxHeaderBytes) {
            listener.connectionError(ErrorCategory.OVERSIZED_HEADER);
            return false;
        }
        block.writeBytes(in, from, to - from);
        return true;
    }

    private void headerBlock(ByteBuf in, int stream, int from, int to, boolean endStream) {
        if (to - from > maxHeaderBytes) {
            listener.connectionError(ErrorCategory.OVERSIZED_HEADER);
            return;
        }
        int status = hpack.decode(in, from, to);
        if (status == HpackStatusDecoder.MALFORMED) {
            listener.connectionError(ErrorCategory.INVALID);
            return;
        }
        listener.headers(stream, status, endStream);
    }

    private void rstStream(ByteBuf in, int stream, int from, int to) {
        if (to - from != 4 || stream == 0) {
            listener.connectionError(ErrorCategory.INVALID);
            return;
        }
        listener.rstStream(stream, in.getInt(from));
    }

    private void settings(ByteBuf in, int flags, int from, int to) {
        if ((flags & ACK) != 0) {
            return;
        }
        if ((to - from) % 6 != 0) {
            listener.connectionError(ErrorCategory.INVALID);
            return;
        }
        for (int p = from; p < to; p += 6) {
            if (!listener.setting(in.getUnsignedShort(p), in.getUnsignedInt(p + 2))) {
                return;
            }
        }
        settingsReceived = true;
        listener.settingsEnded();
    }

    private void ping(ByteBuf in, int flags, int from, int to) {
        if (to - from != 8) {
            listener.connectionError(ErrorCategory.INVALID);
            return;
        }
        if ((flags & ACK) == 0) {
            listener.ping(in.getLong(from));
        }
    }

    private void goaway(ByteBuf in, int from, int to) {
        if (to - from < 8) {
            listener.connectionError(ErrorCategory.INVALID);
            return;
        }
        listener.goaway(in.getInt(from) & 0x7fffffff);
    }

    private void windowUpdate(ByteBuf in, int stream, int from, int to) {
        if (to - from != 4) {
            listener.connectionError(ErrorCategory.INVALID);
            return;
        }
        listener.windowUpdate(stream, in.getInt(from) & 0x7fffffff);
    }

    private static String head(ByteBuf in) {
        int n = Math.min(in.readableBytes(), 40);
        return in.toString(in.readerIndex(), n, StandardCharsets.ISO_8859_1)
                .replaceAll("[\\r\\n]+", " ")
                .strip();
    }

    /** Frees the buffers of a split frame and of a continued header block. */
    void release() {
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        if (block != null) {
            block.release();
            block = null;
        }
    }
}
