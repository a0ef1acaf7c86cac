package io.loadlab.loadgen;

import static io.loadlab.loadgen.Http2Frames.CANCEL;
import static io.loadlab.loadgen.Http2Frames.DEFAULT_WINDOW;
import static io.loadlab.loadgen.Http2Frames.LAST_STREAM_ID;
import static io.loadlab.loadgen.Http2Frames.PROTOCOL_ERROR;
import static io.loadlab.loadgen.Http2Frames.REFUSED_STREAM;
import static io.loadlab.loadgen.Http2Frames.SETTINGS_HEADER_TABLE_SIZE;
import static io.loadlab.loadgen.Http2Frames.SETTINGS_INITIAL_WINDOW_SIZE;
import static io.loadlab.loadgen.Http2Frames.SETTINGS_MAX_CONCURRENT_STREAMS;
import static io.loadlab.loadgen.Http2Frames.WINDOW;

import io.loadlab.core.result.ErrorCategory;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import java.io.IOException;
import javax.net.ssl.SSLException;

/**
 * An HTTP/2 connection (RFC 9113), framed by hand on Netty buffers: h2c with prior knowledge, or h2 after TLS has
 * agreed on it by ALPN. It carries up to {@code -m} streams at once, capped by the server's
 * SETTINGS_MAX_CONCURRENT_STREAMS, and is ready once the server's first SETTINGS has arrived. Requests are
 * pre-encoded frames ({@link Http2Requests}); responses are read by an {@link Http2FrameReader} whose callbacks this
 * class implements, against its {@link Http2Streams}; other frames go out through an {@link Http2FrameWriter}. Frames
 * written while a read is being handled go out in one flush when the read completes.
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
final class Http2Conn extends Conn implements Http2FrameReader.Listener {
    private final int maxStreams;
    private final int maxBody;
    private final Http2FrameReader reader;
    private final Http2FrameWriter writer = new Http2FrameWriter();
    private final Http2Streams streams;

    private boolean draining;
    private int goawayLast = LAST_STREAM_ID;
    private long sendWindow = DEFAULT_WINDOW;
    private long connectionReceived;
    /** The server's SETTINGS_MAX_CONCURRENT_STREAMS, or unlimited. */
    private long serverMaxStreams = Long.MAX_VALUE;
    /**
     * The size of our HPACK encoder's table as the server's decoder knows it (RFC 7541 4.2): the default until the
     * server announces less, then 0 once the update is due; nothing is ever inserted.
     */
    private long encoderTableSize = 4096;
    /** The next header block opens with a dynamic table size update to 0. */
    private boolean tableSizeUpdate;
    /** The stream index of the DATA frame being read (-1: none, or a stream given up on) and its END_STREAM. */
    private int dataStream = -1;

    private boolean dataEnds;
    private boolean inRead;

    Http2Conn(Worker worker, int slot, int fixedRequest, int maxStreams, int maxHeaderBytes, int maxBody) {
        super(worker, slot, fixedRequest, maxStreams);
        this.maxStreams = maxStreams;
        this.maxBody = maxBody;
        this.reader = new Http2FrameReader(this, maxHeaderBytes);
        this.streams = new Http2Streams(busy);
    }

    @Override
    void send(int k, int request, long intended, long now, long deadline, RequestPlan plan) {
        begin(k, request, intended, now, deadline);
        int body = plan.encodeHttp2(request, streams.open(k), tableSizeUpdate, writer.buffer());
        tableSizeUpdate = false;
        if (body > 0) {
            sendWindow -= body;
        }
        flushUnlessReading();
    }

    @Override
    boolean abandon(int k) {
        writer.rstStream(streams.id(k), CANCEL);
        streams.forget(k);
        flushUnlessReading();
        return true;
    }

    @Override
    boolean accepting() {
        return ready && !dead && !draining && sendWindow >= maxBody && streams.idsLeft(maxStreams);
    }

    /** The streams the server allows at once, as far as it has said. */
    long serverMaxStreams() {
        return serverMaxStreams;
    }

    // ---- channel events ----------------------------------------------------------------------------------------

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        super.handlerAdded(ctx);
        writer.attach(channel);
    }

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
        writer.preface();
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
            reader.read(in, ctx.alloc());
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
            if (streams.id(k) > goawayLast) {
                worker.requeue(this, k);
            } else {
                worker.abort(this, k, streams.inBody(k) ? ErrorCategory.TRUNCATED_BODY : ErrorCategory.READ);
            }
        }
        worker.onClosed(this);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        release();
    }

    // ---- frames read -----------------------------------------------------------------------------------------------

    @Override
    public boolean closed() {
        return dead;
    }

    @Override
    public void data(int stream, int length, boolean endStream) {
        int k = streams.find(stream);
        if (k >= 0 && !streams.inBody(k)) {
            streamError(k, ErrorCategory.INVALID); // DATA before the response headers
            k = -1;
        }
        connectionReceived += length;
        if (connectionReceived >= WINDOW / 2) {
            writer.windowUpdate(0, (int) connectionReceived);
            connectionReceived = 0;
        }
        if (k >= 0) {
            int increment = streams.received(k, length, endStream);
            if (increment > 0) {
                writer.windowUpdate(stream, increment);
            }
        }
        dataStream = k;
        dataEnds = endStream;
    }

    @Override
    public void dataEnded() {
        int k = dataStream;
        dataStream = -1;
        if (k >= 0 && dataEnds && busy[k]) {
            complete(k);
        }
    }

    @Override
    public void headers(int stream, int status, boolean endStream) {
        int k = streams.find(stream);
        if (k < 0) {
            return; // a stream given up on: its headers only kept the decoder's table in step
        }
        if (!streams.inBody(k)) {
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
            streams.headersReceived(k, status);
        }
        if (endStream) {
            complete(k);
        }
    }

    @Override
    public void rstStream(int stream, int code) {
        int k = streams.find(stream);
        if (k < 0) {
            return;
        }
        streams.forget(k);
        if (code == REFUSED_STREAM) {
            worker.onStreamRefused(this, k);
        } else {
            worker.onStreamFailure(this, k, ErrorCategory.RESET);
        }
    }

    @Override
    public boolean setting(int id, long value) {
        if (id == SETTINGS_MAX_CONCURRENT_STREAMS) {
            serverMaxStreams = value;
            worker.serverMaxStreams(value);
            capacity = (int) Math.max(0, Math.min(maxStreams, value));
        } else if (id == SETTINGS_HEADER_TABLE_SIZE && value < encoderTableSize) {
            // the server's decoder shrank below our table: the next header block must say so (RFC 7541 4.2)
            encoderTableSize = 0;
            tableSizeUpdate = true;
        } else if (id == SETTINGS_INITIAL_WINDOW_SIZE && value < maxBody) {
            fail(new IOException("the server's stream window (" + value + " bytes) is smaller than the request"
                    + " body (" + maxBody + " bytes)"));
            return false;
        }
        return true;
    }

    @Override
    public void settingsEnded() {
        writer.settingsAck();
        if (!ready) {
            worker.onReady(this); // after TLS and ALPN: the preface went out only then
        } else {
            worker.offer(this);
        }
    }

    @Override
    public void ping(long opaque) {
        writer.pingAck(opaque);
    }

    @Override
    public void goaway(int lastStreamId) {
        draining = true;
        goawayLast = Math.min(goawayLast, lastStreamId);
        for (int k = 0; k < busy.length && !dead; k++) {
            if (busy[k] && streams.id(k) > goawayLast) {
                streams.forget(k);
                worker.onStreamRefused(this, k);
            }
        }
        if (!dead && inFlight == 0) {
            worker.onClosed(this);
        }
    }

    @Override
    public void windowUpdate(int stream, int increment) {
        if (stream == 0) {
            boolean blocked = sendWindow < maxBody;
            sendWindow += increment;
            if (blocked && sendWindow >= maxBody) {
                worker.offer(this);
            }
        }
    }

    @Override
    public void connectionError(ErrorCategory kind) {
        worker.onFailure(this, ready ? kind : ErrorCategory.CONNECT, null);
    }

    /** The first bytes were not the server's SETTINGS: it does not speak HTTP/2 (or not without TLS). */
    @Override
    public void notHttp2(String head) {
        fail(new IOException("the server does not speak HTTP/2 on this port (it answered '" + head + "')"));
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    private void complete(int k) {
        streams.forget(k);
        worker.onResponse(this, k, streams.status(k), true);
    }

    /** Stream {@code k}'s response broke the protocol: the stream is reset and failed, the connection goes on. */
    private void streamError(int k, ErrorCategory kind) {
        writer.rstStream(streams.id(k), PROTOCOL_ERROR);
        streams.forget(k);
        worker.onStreamFailure(this, k, kind);
    }

    private void fail(IOException cause) {
        worker.onFailure(this, ready ? ErrorCategory.INVALID : ErrorCategory.CONNECT, cause);
    }

    private void flushUnlessReading() {
        if (!inRead) {
            flush();
        }
    }

    private void flush() {
        if (!dead) {
            writer.flush();
        }
    }

    private void release() {
        reader.release();
        writer.release();
    }
}
