package io.loadlab.backend;

import io.loadlab.core.Defaults;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.TimeUnit;

/**
 * Answers the backend's routes from pre-encoded responses. {@code GET /hello} is answered by a task scheduled on the
 * event loop, so no thread waits for the delay. Immediate answers are written without a flush and flushed once per
 * read batch; delayed ones are flushed when due.
 *
 * <p>Shared by every connection; runs only on the backend's single event-loop thread, which owns {@link
 * BackendResponses} and {@link BackendCounters}.
 */
@Sharable
final class BackendHandler extends ChannelInboundHandlerAdapter {
    private static final String DELAY_PARAM = "delay_ms=";

    private final BackendResponses responses = new BackendResponses();
    private final BackendCounters counters;
    private final long defaultDelayMs;

    BackendHandler(long defaultDelayMs, BackendCounters counters) {
        this.defaultDelayMs = defaultDelayMs;
        this.counters = counters;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpObject o && o.decoderResult().isFailure()) {
                malformed(ctx, o.decoderResult());
            } else if (msg instanceof HttpRequest req) {
                route(ctx, req);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // I/O errors (resets) end the connection; there is nothing to answer
    }

    private void route(ChannelHandlerContext ctx, HttpRequest req) {
        int connection = connection(req);
        String uri = req.uri();
        int q = uri.indexOf('?');
        int pathEnd = q < 0 ? uri.length() : q;
        if (req.method() != HttpMethod.GET) {
            write(ctx, responses.notAllowed.bytes(connection), connection, false);
        } else if (pathEnd == 6 && uri.startsWith("/hello")) {
            long delay = q < 0 ? defaultDelayMs : delayParam(uri, q + 1);
            if (delay < 0) {
                write(ctx, responses.badDelay.bytes(connection), connection, false);
            } else if (delay == 0) {
                hello(ctx, connection, false);
            } else {
                counters.scheduled();
                ctx.executor().schedule(() -> hello(ctx, connection, true), delay, TimeUnit.MILLISECONDS);
            }
        } else if (pathEnd == 6 && uri.startsWith("/stats")) {
            String body = "{\"requests\":" + counters.requests() + "}";
            write(ctx, responses.render("200 OK", "application/json", body, connection), connection, false);
        } else if (pathEnd == 7 && uri.startsWith("/health")) {
            write(ctx, responses.health.bytes(connection), connection, false);
        } else {
            write(ctx, responses.notFound.bytes(connection), connection, false);
        }
    }

    private void hello(ChannelHandlerContext ctx, int connection, boolean delayed) {
        if (delayed) {
            counters.scheduledDone();
        }
        if (!ctx.channel().isActive()) {
            return; // the client gave up; it was not answered
        }
        counters.answered();
        write(ctx, responses.hello.bytes(connection), connection, delayed);
    }

    private void malformed(ChannelHandlerContext ctx, DecoderResult result) {
        byte[] r = result.cause() instanceof TooLongHttpHeaderException
                ? responses.headersTooLarge.bytes(BackendResponses.CLOSE)
                : responses.badRequest.bytes(BackendResponses.CLOSE);
        write(ctx, r, BackendResponses.CLOSE, true);
    }

    private void write(ChannelHandlerContext ctx, byte[] response, int connection, boolean flush) {
        responses.refreshDate();
        ByteBuf buf = ctx.alloc().ioBuffer(response.length).writeBytes(response);
        if (connection == BackendResponses.CLOSE) {
            ctx.writeAndFlush(buf).addListener(ChannelFutureListener.CLOSE);
        } else if (flush) {
            ctx.writeAndFlush(buf, ctx.voidPromise());
        } else {
            ctx.write(buf, ctx.voidPromise());
        }
    }

    private static int connection(HttpRequest req) {
        boolean http11 = req.protocolVersion() == HttpVersion.HTTP_1_1;
        String c = req.headers().get(HttpHeaderNames.CONNECTION);
        if (c == null) {
            return http11 ? BackendResponses.KEEP_ALIVE : BackendResponses.CLOSE;
        }
        if (HttpHeaderValues.CLOSE.contentEqualsIgnoreCase(c)) {
            return BackendResponses.CLOSE;
        }
        if (!http11 && HttpHeaderValues.KEEP_ALIVE.contentEqualsIgnoreCase(c)) {
            return BackendResponses.KEEP_ALIVE_HTTP10;
        }
        return http11 ? BackendResponses.KEEP_ALIVE : BackendResponses.CLOSE;
    }

    /** The {@code delay_ms} query parameter in milliseconds, the default when absent, or -1 when invalid. */
    private long delayParam(String uri, int from) {
        int at = uri.indexOf(DELAY_PARAM, from);
        while (at > from && uri.charAt(at - 1) != '&') {
            at = uri.indexOf(DELAY_PARAM, at + 1);
        }
        if (at < 0) {
            return defaultDelayMs;
        }
        int i = at + DELAY_PARAM.length();
        int end = uri.indexOf('&', i);
        end = end < 0 ? uri.length() : end;
        if (i == end || end - i > 5) {
            return -1;
        }
        long v = 0;
        for (; i < end; i++) {
            char ch = uri.charAt(i);
            if (ch < '0' || ch > '9') {
                return -1;
            }
            v = v * 10 + (ch - '0');
        }
        return v <= Defaults.MAX_DELAY_MS ? v : -1;
    }
}
