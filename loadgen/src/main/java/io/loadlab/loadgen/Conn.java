package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCategory;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * One connection of a load thread and the request it carries. It turns channel events into calls on its
 * {@link Worker}: ready, response complete, failure by {@link ErrorCategory}, closed while idle. At most one request
 * is in flight (HTTP/1.1 keep-alive, no pipelining). {@code slot} is its place in its worker's
 * {@link ConnectionTally}.
 *
 * <p>Confined to its worker's event loop.
 */
final class Conn extends ChannelInboundHandlerAdapter {
    final Worker worker;
    final int slot;
    final int fixedRequest;
    final ResponseParser parser;
    Channel channel;
    int index = -1;
    boolean ready;
    boolean busy;
    boolean dead;
    boolean idleQueued;
    int request;
    long intended;
    long sent;
    long deadline;
    private boolean inWrite;

    Conn(Worker worker, int slot, int fixedRequest, int maxHeaderBytes) {
        this.worker = worker;
        this.slot = slot;
        this.fixedRequest = fixedRequest;
        this.parser = new ResponseParser(maxHeaderBytes);
    }

    void send(int request, long intended, long now, long deadline, ByteBuf bytes, boolean head) {
        this.request = request;
        this.intended = intended;
        this.sent = now;
        this.deadline = deadline;
        this.busy = true;
        parser.reset(head);
        inWrite = true;
        try {
            channel.writeAndFlush(bytes, channel.voidPromise());
        } finally {
            inWrite = false;
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        if (worker.ssl != null) {
            ctx.pipeline()
                    .addBefore(
                            ctx.name(),
                            "tls",
                            worker.ssl.newHandler(
                                    ctx.alloc(),
                                    worker.spec.target().host(),
                                    worker.spec.target().port()));
        }
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
            if (!busy) {
                worker.onFailure(this, ErrorCategory.INVALID, null); // bytes nobody asked for
                return;
            }
            int r = parser.feed(in);
            if (r == ResponseParser.DONE && in.isReadable()) {
                worker.onFailure(this, ErrorCategory.INVALID, null); // bytes after the end of the response
            } else if (r == ResponseParser.DONE) {
                worker.onResponse(this);
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
        if (!busy) {
            worker.onClosed(this);
        } else if (parser.onClose() == ResponseParser.DONE) {
            worker.onResponse(this);
        } else {
            worker.onFailure(this, parser.inBody() ? ErrorCategory.TRUNCATED_BODY : ErrorCategory.READ, null);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (dead) {
            return;
        }
        if (!ready) {
            worker.onFailure(this, ErrorCategory.CONNECT, cause);
        } else if (inWrite) {
            worker.onFailure(this, ErrorCategory.WRITE, cause);
        } else if (busy) {
            worker.onFailure(this, isReset(cause) ? ErrorCategory.RESET : ErrorCategory.READ, cause);
        } else {
            worker.onClosed(this);
        }
    }

    /** A reset by the peer (ECONNRESET), as epoll and NIO word it. */
    static boolean isReset(Throwable cause) {
        String m = cause == null ? null : cause.getMessage();
        return m != null && m.contains("reset");
    }
}
