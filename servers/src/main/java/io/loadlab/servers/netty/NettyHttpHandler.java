package io.loadlab.servers.netty;

import io.loadlab.core.ContractLimits;
import io.loadlab.servers.http.Contract;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * One connection's HTTP/1.1 state: collects a request's body within the 1 MiB limit, hands the request to
 * {@link NettyEndpoints}, and writes answers in request order. While an answer is pending (a timer, the backend, the
 * database), further pipelined requests wait in a small queue and reading pauses, so answers never overtake each
 * other. Flushes are batched per read, as in the TechEmpower Netty server.
 *
 * <p>Threading: every method runs on the channel's event loop; nothing here blocks.
 */
final class NettyHttpHandler extends ChannelInboundHandlerAdapter {
    private static final long MAX_BODY = ContractLimits.MAX_BODY_SIZE.bytes();
    private static final long LINGER_MILLIS = 2_000;

    private enum State {
        IDLE,
        READING_BODY,
        WAITING,
        CLOSED
    }

    private final NettyEndpoints endpoints;
    private final ArrayDeque<Object> pending = new ArrayDeque<>(4);
    private ChannelHandlerContext ctx;
    private State state = State.IDLE;
    private HttpRequest request;
    private CompositeByteBuf body;
    private long bodyBytes;
    private boolean keepAlive;
    private boolean http10;
    private boolean inRead;
    private boolean stopping;

    NettyHttpHandler(NettyEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        inRead = true;
        if (state == State.WAITING || !pending.isEmpty()) {
            pending.add(msg);
            ctx.channel().config().setAutoRead(false);
            return;
        }
        handle(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        inRead = false;
        ctx.flush();
    }

    private void handle(Object msg) {
        if (state == State.CLOSED) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest req) {
            startRequest(req);
        }
        if (msg instanceof HttpContent content && state == State.READING_BODY) {
            addContent(content);
        }
        ReferenceCountUtil.release(msg);
    }

    private void startRequest(HttpRequest req) {
        DecoderResult result = req.decoderResult();
        if (result.isFailure()) {
            Throwable cause = result.cause();
            if (cause instanceof TooLongHttpHeaderException || cause instanceof TooLongHttpLineException) {
                failAndClose(HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, Contract.HEADERS_TOO_LARGE);
            } else {
                failAndClose(HttpResponseStatus.BAD_REQUEST, Contract.MALFORMED_REQUEST);
            }
            return;
        }
        request = req;
        http10 = req.protocolVersion().equals(HttpVersion.HTTP_1_0);
        keepAlive = HttpUtil.isKeepAlive(req) && !stopping;
        bodyBytes = 0;
        if (HttpUtil.getContentLength(req, -1L) > MAX_BODY) {
            failAndClose(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, Contract.BODY_TOO_LARGE);
            return;
        }
        if (HttpUtil.is100ContinueExpected(req)) {
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        }
        state = State.READING_BODY;
    }

    private void addContent(HttpContent content) {
        if (content.decoderResult().isFailure()) {
            failAndClose(HttpResponseStatus.BAD_REQUEST, Contract.MALFORMED_REQUEST);
            return;
        }
        ByteBuf data = content.content();
        if (data.isReadable()) {
            bodyBytes += data.readableBytes();
            if (bodyBytes > MAX_BODY) {
                failAndClose(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, Contract.BODY_TOO_LARGE);
                return;
            }
            if (body == null) {
                body = ctx.alloc().compositeBuffer();
            }
            body.addComponent(true, data.retain());
        }
        if (content instanceof LastHttpContent) {
            state = State.WAITING;
            HttpRequest req = request;
            request = null;
            ByteBuf b = body;
            body = null;
            endpoints.dispatch(this, req, b);
        }
    }

    /** Writes the answer to the current request; called exactly once per request, on the event loop. */
    void respond(FullHttpResponse res) {
        if (state == State.CLOSED || !ctx.channel().isActive()) {
            res.release();
            return;
        }
        if (!keepAlive) {
            res.headers().set(NettyResponses.CONNECTION, NettyResponses.CLOSE);
        } else if (http10) {
            res.headers().set(NettyResponses.CONNECTION, NettyResponses.KEEP_ALIVE);
        }
        if (!keepAlive) {
            state = State.CLOSED;
            releasePending();
            ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        state = State.IDLE;
        if (inRead) {
            ctx.write(res);
        } else {
            ctx.writeAndFlush(res);
            drainPending();
        }
    }

    /** The event loop of this connection, where continuations must run. */
    EventLoop eventLoop() {
        return ctx.channel().eventLoop();
    }

    private void drainPending() {
        if (pending.isEmpty()) {
            return;
        }
        inRead = true;
        try {
            while (state != State.WAITING && state != State.CLOSED && !pending.isEmpty()) {
                handle(pending.poll());
            }
        } finally {
            inRead = false;
        }
        ctx.flush();
        if (pending.isEmpty() && state != State.CLOSED) {
            ctx.channel().config().setAutoRead(true);
        }
    }

    private void failAndClose(HttpResponseStatus status, String reason) {
        state = State.CLOSED;
        releaseBody();
        releasePending();
        FullHttpResponse res = NettyResponses.error(status, reason);
        res.headers().set(NettyResponses.CONNECTION, NettyResponses.CLOSE);
        ctx.writeAndFlush(res).addListener((ChannelFutureListener) f -> lingeringClose(f.channel()));
    }

    /**
     * Closes after an error answer without resetting the connection: the client may still be sending the body we
     * refused, and closing with unread bytes would send RST and could destroy the answer before it is read. So the
     * output side is shut down, further input discarded, and the socket closed when the client closes or after
     * {@link #LINGER_MILLIS}.
     */
    private static void lingeringClose(Channel ch) {
        if (ch instanceof DuplexChannel d && d.isActive()) {
            d.shutdownOutput();
            ch.eventLoop().schedule(() -> ch.close(), LINGER_MILLIS, TimeUnit.MILLISECONDS);
        } else {
            ch.close();
        }
    }

    /** Graceful stop: an idle connection closes now, a busy one after its answer. Runs on the event loop. */
    void stop() {
        stopping = true;
        keepAlive = false;
        if (state == State.IDLE && pending.isEmpty()) {
            state = State.CLOSED;
            ctx.close();
        }
    }

    /**
     * A connection that sent nothing for the idle timeout closes, as every model's does, unless a request is open on it
     * (its answer may wait up to a minute on {@code /delay}).
     */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            if (state == State.IDLE && pending.isEmpty()) {
                state = State.CLOSED;
                ctx.close();
            }
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        state = State.CLOSED;
        releaseBody();
        releasePending();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a reset or broken pipe from the client: nothing to answer, nobody to tell
        state = State.CLOSED;
        ctx.close();
    }

    private void releaseBody() {
        if (body != null) {
            body.release();
            body = null;
        }
    }

    private void releasePending() {
        Object m;
        while ((m = pending.poll()) != null) {
            ReferenceCountUtil.release(m);
        }
    }
}
