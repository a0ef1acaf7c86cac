package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCategory;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLException;

/**
 * An HTTP/2 connection (RFC 9113), framed by hand on Netty buffers: h2c with prior knowledge, or h2 after TLS has
 * agreed on it by ALPN. It carries up to {@code -m} streams at once, capped by the server's
 * SETTINGS_MAX_CONCURRENT_STREAMS, and is ready once the server's first SETTINGS has arrived. Requests are
 * pre-encoded frames ({@link Http2Requests}); of a response only the {@code :status} is decoded
 * ({@link HpackStatusDecoder}), DATA payloads are counted and skipped as they arrive, never buffered. Frames written
 * while a read is being handled go out in one flush when the read completes.
 *
 * <p>Flow control: each stream's receive window is opened to 2^30-1 at once and the connection's too, and both are
 * topped up as DATA is consumed, so a large response never stalls. Request bodies fit one DATA frame; the connection
 * starts no new request while the server's connection window is smaller than the largest body.
 *
 * <p>Errors: a RST_STREAM fails its stream ({@code reset}), except REFUSED_STREAM, whose request the server never
 * processed and which is sent again; a GOAWAY stops new streams, its streams above the last processed one are sent
 * again elsewhere, the others finish, then the connection is replaced. A connection that closes fails its open
 * streams as {@code read} (no response yet) or {@code truncated_body} (headers came). A frame that breaks the
 * protocol, or a header block that cannot be decoded, fails the connection as {@code invalid}; a header block over
 * the limit as {@code oversized_header}; a response without {@code :status} fails its stream as {@code invalid}.
 *
 * <p>Confined to its worker's event loop.
 */
final class Http2Conn extends Conn {
    static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    /** The receive window of every stream and of the connection: h2load's default (-w 30, -W 30). */
    static final int WINDOW = (1 << 30) - 1;

    private static final int PRIORITY = 2;
    private static final int RST_STREAM = 3;
    private static final int SETTINGS = 4;
    private static final int PUSH_PROMISE = 5;
    private static final int PING = 6;
    private static final int GOAWAY = 7;
    private static final int WINDOW_UPDATE = 8;
    private static final int CONTINUATION = 9;
    private static final int ACK = 0x1;
    private static final int PADDED = 0x8;
    private static final int PRIORITY_FLAG = 0x20;
    private static final int REFUSED_STREAM = 0x7;
    private static final int CANCEL = 0x8;
    private static final int LAST_STREAM_ID = Integer.MAX_VALUE;

    private final int maxStreams;
    private final int maxHeaderBytes;
    private final int maxBody;
    private final HpackStatusDecoder hpack = new HpackStatusDecoder(4096);
    private final int[] streamIds;
    private final int[] statuses;
    private final boolean[] inBody;
    private final long[] received;

    private int nextStreamId = 1;
    private boolean settingsReceived;
    private boolean draining;
    private int goawayLast = LAST_STREAM_ID;
    private long sendWindow = 65_535;
    private long connectionReceived;
    /** The server's SETTINGS_MAX_CONCURRENT_STREAMS, or unlimited. */
    private long serverMaxStreams = Long.MAX_VALUE;

    /** Bytes of a frame that arrived in pieces; allocated at the first split frame and kept. */
    private ByteBuf cumulation;
    /** A header block continued in CONTINUATION frames, its stream and whether it ends the stream. */
    private ByteBuf block;

    private int blockStream;
    private boolean blockEndStream;
    /** Payload bytes of the current DATA frame still to skip, its stream's index (-1: none) and END_STREAM. */
    private int skip;

    private int skipStream = -1;
    private boolean skipEnds;
    private ByteBuf out;
    private boolean inRead;

    Http2Conn(Worker worker, int slot, int fixedRequest, int maxStreams, int maxHeaderBytes, int maxBody) {
        super(worker, slot, fixedRequest, maxStreams);
        this.maxStreams = maxStreams;
        this.maxHeaderBytes = maxHeaderBytes;
        this.maxBody = maxBody;
        this.streamIds = new int[maxStreams];
        this.statuses = new int[maxStreams];
        this.inBody = new boolean[maxStreams];
        this.received = new long[maxStreams];
    }

    @Override
    void send(int k, int request, long intended, long now, long deadline, RequestPlan plan) {
        begin(k, request, intended, now, deadline);
        int id = nextStreamId;
        nextStreamId += 2;
        streamIds[k] = id;
        statuses[k] = 0;
        inBody[k] = false;
        received[k] = 0;
        int body = plan.encodeHttp2(request, id, out());
        if (body > 0) {
            sendWindow -= body;
        }
        flushUnlessReading();
    }

    @Override
    boolean abandon(int k) {
        rstStream(streamIds[k], CANCEL);
        streamIds[k] = 0;
        flushUnlessReading();
        return true;
    }

    @Override
    boolean accepting() {
        return ready && !dead && !draining && sendWindow >= maxBody && nextStreamId <= LAST_STREAM_ID - 2 * maxStreams;
    }

    /** The streams the server allows at once, as far as it has said. */
    long serverMaxStreams() {
        return serverMaxStreams;
    }

    // ---- channel events ----------------------------------------------------------------------------------------

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (worker.ssl == null) {
            preface();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (!(evt instanceof SslHandshakeCompletionEvent e)) {
            return;
        }
        if (!e.isSuccess()) {
            worker.onFailure(this, ErrorCategory.CONNECT, e.cause());
            return;
        }
        String agreed = ctx.pipeline().get(SslHandler.class).applicationProtocol();
        if (!"h2".equals(agreed)) {
            worker.onFailure(
                    this,
                    ErrorCategory.CONNECT,
                    new SSLException("the server did not agree to HTTP/2 by ALPN (it chose "
                            + (agreed == null ? "no protocol" : agreed) + "); drop --http2 or enable h2 on it"));
            return;
        }
        preface();
    }

    private void preface() {
        ByteBuf b = out();
        b.writeBytes(PREFACE);
        b.writeMedium(12).writeByte(SETTINGS).writeByte(0).writeInt(0);
        b.writeShort(0x2).writeInt(0); // SETTINGS_ENABLE_PUSH: no server push
        b.writeShort(0x4).writeInt(WINDOW); // SETTINGS_INITIAL_WINDOW_SIZE
        windowUpdate(0, WINDOW - 65_535);
        flushUnlessReading();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        inRead = true;
        try {
            if (dead) {
                return;
            }
            worker.onBytes(in.readableBytes());
            if (cumulation != null && cumulation.isReadable()) {
                cumulation.writeBytes(in);
                frames(cumulation);
                if (cumulation != null) {
                    cumulation.discardSomeReadBytes();
                }
            } else {
                frames(in);
                if (in.isReadable() && !dead) {
                    if (cumulation == null) {
                        cumulation = ctx.alloc().directBuffer(Math.max(1024, in.readableBytes()));
                    }
                    cumulation.writeBytes(in);
                }
            }
        } finally {
            in.release();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        inRead = false;
        flush();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        release();
        if (dead) {
            return;
        }
        for (int k = 0; k < busy.length; k++) {
            if (!busy[k]) {
                continue;
            }
            if (streamIds[k] > goawayLast) {
                worker.requeue(this, k);
            } else {
                worker.abort(this, k, inBody[k] ? ErrorCategory.TRUNCATED_BODY : ErrorCategory.READ);
            }
        }
        worker.onClosed(this);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        release();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (dead) {
            return;
        }
        if (!ready) {
            worker.onFailure(this, ErrorCategory.CONNECT, cause);
        } else if (inFlight > 0) {
            worker.onFailure(this, isReset(cause) ? ErrorCategory.RESET : ErrorCategory.READ, cause);
        } else {
            worker.onClosed(this);
        }
    }

    // ---- frames --------------------------------------------------------------------------------------------------

    /** Handles every whole frame in {@code in} (and DATA payload as it comes); leaves a partial frame unread. */
    private void frames(ByteBuf in) {
        while (!dead) {
            if (skip > 0) {
                int n = Math.min(skip, in.readableBytes());
                in.skipBytes(n);
                skip -= n;
                if (skip > 0) {
                    return;
                }
                dataEnded();
                continue;
            }
            if (in.readableBytes() < Http2Requests.FRAME_HEADER) {
                return;
            }
            int at = in.readerIndex();
            int length = in.getUnsignedMedium(at);
            int type = in.getUnsignedByte(at + 3);
            int flags = in.getUnsignedByte(at + 4);
            int stream = in.getInt(at + 5) & 0x7fffffff;
            if (!settingsReceived && (type != SETTINGS || (flags & ACK) != 0)) {
                notHttp2(in);
                return;
            }
            if (length > Http2Requests.MAX_FRAME) {
                connectionError(ErrorCategory.INVALID);
                return;
            }
            if (block != null && type != CONTINUATION) {
                connectionError(ErrorCategory.INVALID); // a header block must not be interleaved
                return;
            }
            if (type == Http2Requests.DATA) {
                in.skipBytes(Http2Requests.FRAME_HEADER);
                data(stream, length, (flags & Http2Requests.END_STREAM) != 0);
                continue;
            }
            if (in.readableBytes() < Http2Requests.FRAME_HEADER + length) {
                return;
            }
            int from = at + Http2Requests.FRAME_HEADER;
            in.readerIndex(from + length);
            frame(in, type, flags, stream, from, from + length);
        }
    }

    private void frame(ByteBuf in, int type, int flags, int stream, int from, int to) {
        switch (type) {
            case Http2Requests.HEADERS -> headers(in, flags, stream, from, to);
            case CONTINUATION -> continuation(in, flags, stream, from, to);
            case RST_STREAM -> rstStreamReceived(in, stream, from, to);
            case SETTINGS -> settings(in, flags, from, to);
            case PING -> ping(in, flags, from, to);
            case GOAWAY -> goaway(in, from, to);
            case WINDOW_UPDATE -> windowUpdateReceived(in, stream, from, to);
            case PUSH_PROMISE -> connectionError(ErrorCategory.INVALID); // push was disabled in our SETTINGS
            default -> {} // PRIORITY, unknown types: ignored, as RFC 9113 asks
        }
    }

    private void data(int stream, int length, boolean endStream) {
        int k = find(stream);
        if (k >= 0 && !inBody[k]) {
            streamError(k, ErrorCategory.INVALID); // DATA before the response headers
            k = -1;
        }
        connectionReceived += length;
        if (connectionReceived >= WINDOW / 2) {
            windowUpdate(0, (int) connectionReceived);
            connectionReceived = 0;
        }
        if (k >= 0) {
            received[k] += length;
            if (received[k] >= WINDOW / 2 && !endStream) {
                windowUpdate(stream, (int) received[k]);
                received[k] = 0;
            }
        }
        skip = length;
        skipStream = k;
        skipEnds = endStream;
        if (length == 0) {
            dataEnded();
        }
    }

    private void dataEnded() {
        int k = skipStream;
        skipStream = -1;
        if (k >= 0 && skipEnds && busy[k]) {
            complete(k);
        }
    }

    private void headers(ByteBuf in, int flags, int stream, int from, int to) {
        if ((flags & PADDED) != 0 && from < to) {
            to -= in.getUnsignedByte(from++);
        }
        if ((flags & PRIORITY_FLAG) != 0) {
            from += 5;
        }
        if (from > to || stream == 0) {
            connectionError(ErrorCategory.INVALID);
            return;
        }
        boolean endStream = (flags & Http2Requests.END_STREAM) != 0;
        if ((flags & Http2Requests.END_HEADERS) != 0) {
            headerBlock(in, stream, from, to, endStream);
            return;
        }
        block = channel.alloc().heapBuffer(Math.max(256, 2 * (to - from)));
        blockStream = stream;
        blockEndStream = endStream;
        appendBlock(in, from, to);
    }

    private void continuation(ByteBuf in, int flags, int stream, int from, int to) {
        if (block == null || stream != blockStream) {
            connectionError(ErrorCategory.INVALID);
            return;
        }
        if (!appendBlock(in, from, to) || (flags & Http2Requests.END_HEADERS) == 0) {
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
            connectionError(ErrorCategory.OVERSIZED_HEADER);
            return false;
        }
        block.writeBytes(in, from, to - from);
        return true;
    }

    private void headerBlock(ByteBuf in, int stream, int from, int to, boolean endStream) {
        if (to - from > maxHeaderBytes) {
            connectionError(ErrorCategory.OVERSIZED_HEADER);
            return;
        }
        int status = hpack.decode(in, from, to);
        if (status == HpackStatusDecoder.MALFORMED) {
            connectionError(ErrorCategory.INVALID);
            return;
        }
        int k = find(stream);
        if (k < 0) {
            return; // a stream given up on: its headers only kept the decoder's table in step
        }
        if (!inBody[k]) {
            if (status == HpackStatusDecoder.NO_STATUS) {
                streamError(k, ErrorCategory.INVALID);
                return;
            }
            if (status < 200) {
                if (endStream) {
                    streamError(k, ErrorCategory.INVALID);
                }
                return; // informational: the final response follows
            }
            statuses[k] = status;
            inBody[k] = true;
        }
        if (endStream) {
            complete(k);
        }
    }

    private void rstStreamReceived(ByteBuf in, int stream, int from, int to) {
        if (to - from != 4 || stream == 0) {
            connectionError(ErrorCategory.INVALID);
            return;
        }
        int k = find(stream);
        if (k < 0) {
            return;
        }
        streamIds[k] = 0;
        if (in.getInt(from) == REFUSED_STREAM) {
            worker.onStreamRefused(this, k);
        } else {
            worker.onStreamFailure(this, k, ErrorCategory.RESET);
        }
    }

    private void settings(ByteBuf in, int flags, int from, int to) {
        if ((flags & ACK) != 0) {
            return;
        }
        if ((to - from) % 6 != 0) {
            connectionError(ErrorCategory.INVALID);
            return;
        }
        for (int p = from; p < to; p += 6) {
            int id = in.getUnsignedShort(p);
            long value = in.getUnsignedInt(p + 2);
            if (id == 0x3) {
                serverMaxStreams = value;
                worker.serverMaxStreams(value);
                capacity = (int) Math.max(0, Math.min(maxStreams, value));
            } else if (id == 0x4 && value < maxBody) {
                fail(new IOException("the server's stream window (" + value + " bytes) is smaller than the request"
                        + " body (" + maxBody + " bytes)"));
                return;
            }
        }
        out().writeMedium(0).writeByte(SETTINGS).writeByte(ACK).writeInt(0);
        if (!settingsReceived) {
            settingsReceived = true;
            worker.onReady(this); // after TLS and ALPN: the preface went out only then
        } else {
            worker.offer(this);
        }
    }

    private void ping(ByteBuf in, int flags, int from, int to) {
        if (to - from != 8) {
            connectionError(ErrorCategory.INVALID);
            return;
        }
        if ((flags & ACK) == 0) {
            out().writeMedium(8).writeByte(PING).writeByte(ACK).writeInt(0).writeBytes(in, from, 8);
        }
    }

    private void goaway(ByteBuf in, int from, int to) {
        if (to - from < 8) {
            connectionError(ErrorCategory.INVALID);
            return;
        }
        draining = true;
        goawayLast = Math.min(goawayLast, in.getInt(from) & 0x7fffffff);
        for (int k = 0; k < busy.length && !dead; k++) {
            if (busy[k] && streamIds[k] > goawayLast) {
                streamIds[k] = 0;
                worker.onStreamRefused(this, k);
            }
        }
        if (!dead && inFlight == 0) {
            worker.onClosed(this);
        }
    }

    private void windowUpdateReceived(ByteBuf in, int stream, int from, int to) {
        if (to - from != 4) {
            connectionError(ErrorCategory.INVALID);
            return;
        }
        if (stream == 0) {
            boolean blocked = sendWindow < maxBody;
            sendWindow += in.getInt(from) & 0x7fffffff;
            if (blocked && sendWindow >= maxBody) {
                worker.offer(this);
            }
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    private void complete(int k) {
        streamIds[k] = 0;
        worker.onResponse(this, k, statuses[k], true);
    }

    private int find(int stream) {
        if (stream == 0) {
            return -1;
        }
        for (int k = 0; k < streamIds.length; k++) {
            if (streamIds[k] == stream && busy[k]) {
                return k;
            }
        }
        return -1;
    }

    /** Stream {@code k}'s response broke the protocol: the stream is reset and failed, the connection goes on. */
    private void streamError(int k, ErrorCategory kind) {
        rstStream(streamIds[k], 0x1); // PROTOCOL_ERROR
        streamIds[k] = 0;
        worker.onStreamFailure(this, k, kind);
    }

    private void connectionError(ErrorCategory kind) {
        worker.onFailure(this, ready ? kind : ErrorCategory.CONNECT, null);
    }

    /** The first bytes were not the server's SETTINGS: it does not speak HTTP/2 (or not without TLS). */
    private void notHttp2(ByteBuf in) {
        int n = Math.min(in.readableBytes(), 40);
        String head = in.toString(in.readerIndex(), n, StandardCharsets.ISO_8859_1)
                .replaceAll("[\\r\\n]+", " ")
                .strip();
        fail(new IOException("the server does not speak HTTP/2 on this port (it answered '" + head + "')"));
    }

    private void fail(IOException cause) {
        worker.onFailure(this, ready ? ErrorCategory.INVALID : ErrorCategory.CONNECT, cause);
    }

    private void rstStream(int stream, int code) {
        if (stream > 0) {
            out().writeMedium(4)
                    .writeByte(RST_STREAM)
                    .writeByte(0)
                    .writeInt(stream)
                    .writeInt(code);
        }
    }

    private void windowUpdate(int stream, int increment) {
        out().writeMedium(4)
                .writeByte(WINDOW_UPDATE)
                .writeByte(0)
                .writeInt(stream)
                .writeInt(increment);
    }

    private ByteBuf out() {
        if (out == null) {
            out = channel.alloc().directBuffer(512);
        }
        return out;
    }

    private void flushUnlessReading() {
        if (!inRead) {
            flush();
        }
    }

    private void flush() {
        ByteBuf b = out;
        if (b == null || dead) {
            return;
        }
        out = null;
        channel.writeAndFlush(b, channel.voidPromise());
    }

    private void release() {
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        if (block != null) {
            block.release();
            block = null;
        }
        if (out != null) {
            out.release();
            out = null;
        }
    }
}
