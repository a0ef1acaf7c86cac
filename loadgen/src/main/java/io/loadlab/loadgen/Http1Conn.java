package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCategory;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * An HTTP/1.1 connection: one stream, keep-alive, no pipelining; requests are written pre-encoded and responses read
 * by its {@link ResponseParser}.
 *
 * <p>Confined to its worker's event loop.
 */
final class Http1Conn extends Conn {
    /** The start of a 5xx answer's body kept to read what failed: {@code {"error":"database: ...}} fits. */
    private static final int ERROR_BODY_BYTES = 64;

    final ResponseParser parser;
    private boolean inWrite;
    /** The row the sampled request was sent with (null: none); the request is sampled while {@link #sampled}. */
    private byte[][] sampledRow;

    private boolean sampled;
    /** The sampled body, made at this connection's first sample. */
    private byte[] sampleBuffer;

    Http1Conn(Worker worker, int slot, int fixedRequest, int maxHeaderBytes) {
        super(worker, slot, fixedRequest, 1);
        this.parser = new ResponseParser(maxHeaderBytes, new byte[ERROR_BODY_BYTES]);
    }

    @Override
    void send(int k, int request, long intended, long now, long deadline, RequestPlan plan) {
        begin(k, request, intended, now, deadline);
        parser.reset(plan.head(request));
        ByteBuf bytes = plan.encode(request, channel.alloc());
        sampled = worker.sampleAnswer(request);
        if (sampled) {
            if (sampleBuffer == null) {
                sampleBuffer = new byte[LoadgenDefaults.ANSWER_SAMPLE_BYTES];
            }
            sampledRow = plan.lastRow(request);
            parser.sample(sampleBuffer);
        }
        inWrite = true;
        try {
            channel.writeAndFlush(bytes, channel.voidPromise());
        } finally {
            inWrite = false;
        }
    }

    @Override
    boolean abandon(int k) {
        return false;
    }

    @Override
    boolean accepting() {
        return ready && !dead;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (worker.ssl == null) {
            worker.onReady(this);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof SslHandshakeCompletionEvent e) {
            if (e.isSuccess()) {
                worker.onReady(this);
            } else {
                worker.onFailure(this, ErrorCategory.CONNECT, e.cause());
            }
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            if (dead) {
                return;
            }
            worker.onBytes(in.readableBytes());
            if (inFlight == 0) {
                worker.onFailure(this, ErrorCategory.INVALID, null); // bytes nobody asked for
                return;
            }
            int r = parser.feed(in);
            if (r == ResponseParser.DONE && in.isReadable()) {
                worker.onFailure(this, ErrorCategory.INVALID, null); // bytes after the end of the response
            } else if (r == ResponseParser.DONE) {
                worker.onResponse(this, 0, parser.status(), parser.keepAlive(), checked());
            } else if (r == ResponseParser.INVALID) {
                worker.onFailure(this, parser.error(), null);
            }
        } finally {
            in.release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (dead) {
            return;
        }
        if (inFlight == 0) {
            worker.onClosed(this);
        } else if (parser.onClose() == ResponseParser.DONE) {
            worker.onResponse(this, 0, parser.status(), false, checked());
        } else {
            worker.onFailure(this, parser.inBody() ? ErrorCategory.TRUNCATED_BODY : ErrorCategory.READ, null);
        }
    }

    /**
     * The sampled answer's check: {@link Worker#UNCHECKED} when this answer was not sampled, else whether it was
     * right ({@link Worker#RIGHT}) or not ({@link Worker#WRONG}).
     */
    private int checked() {
        int said = Worker.UNCHECKED;
        if (parser.status() >= 500) {
            said |= (parser.retryAfter() ? Worker.RETRY_LATER : 0)
                    | AnswerCheck.namedDependency(parser.sampleBytes(), parser.sampleLength());
        }
        if (!sampled) {
            return said;
        }
        sampled = false;
        return said
                | (worker.answers.right(request[0], sampledRow, sampleBuffer, parser.sampleLength(), parser.sampleCut())
                        ? Worker.RIGHT
                        : Worker.WRONG);
    }

    @Override
    boolean writing() {
        return inWrite;
    }
}
