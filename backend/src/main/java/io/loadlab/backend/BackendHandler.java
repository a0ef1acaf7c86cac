package io.loadlab.backend;

import io.loadlab.core.ContractLimits;
import io.loadlab.core.UserError;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Answers the backend's routes from pre-encoded responses. {@code GET /hello} waits out its delay in the event loop's
 * {@link DelayLine}, so no thread waits for the delay. Answers leave in request order even when requests are pipelined
 * with different delays: an answer that is ready waits behind a delayed one of the same connection. Immediate
 * answers are written without a flush and flushed once per read batch; delayed ones are flushed when due.
 *
 * <p>One instance per connection; runs only on the backend's single event-loop thread, which owns the shared
 * {@link BackendResponses} and writes {@link BackendCounters}.
 */
final class BackendHandler extends ChannelInboundHandlerAdapter {
    private static final String DELAY_PARAM = "delay_ms=";
    private static final String SET_PARAM = "set=";
    /** The longest request line, and the most header bytes, a request may have. */
    private static final int MAX_HEAD = (int) ContractLimits.MAX_HEADER_SIZE.bytes();

    private final BackendResponses responses;
    private final BackendCounters counters;
    private final ScheduledDelay delays;
    private final DelayLine line;
    /** Answers of this connection not written yet, in request order; null until a delay is first needed. */
    private ArrayDeque<Answer> queue;

    private final RequestParser parser = new RequestParser(MAX_HEAD, MAX_HEAD);
    /** The start of a request that arrived in part, kept for the next read; null when none. */
    private ByteBuf pending;
    /** An answer that closes the connection was given: nothing more is read. */
    private boolean closing;

    BackendHandler(BackendResponses responses, BackendCounters counters, ScheduledDelay delays, DelayLine line) {
        this.responses = responses;
        this.counters = counters;
        this.delays = delays;
        this.line = line;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf bytes)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (closing) {
            bytes.release(); // after an answer that closes the connection nothing more is read
            return;
        }
        ByteBuf in = bytes;
        if (pending != null) {
            pending.writeBytes(bytes);
            bytes.release();
            in = pending;
        }
        try {
            read(ctx, in);
        } finally {
            keep(in);
        }
    }

    /** Answers every request whose head is whole in {@code in}, skipping bodies; the rest waits for the next read. */
    private void read(ChannelHandlerContext ctx, ByteBuf in) {
        while (in.isReadable() && !closing) {
            boolean body = parser.inBody();
            int r = body ? parser.skipBody(in) : parser.head(in);
            if (r == RequestParser.NEED_MORE) {
                return;
            }
            if (r != RequestParser.DONE) {
                byte[] answer = r == RequestParser.TOO_LARGE
                        ? responses.headersTooLarge.bytes(BackendResponses.CLOSE)
                        : responses.badRequest.bytes(BackendResponses.CLOSE);
                answer(ctx, answer, BackendResponses.CLOSE, 0, false);
                return;
            }
            if (!body) {
                route(ctx, parser.target, connection(parser)); // its body, if any, is skipped next
            }
        }
    }

    /**
     * Keeps the unread start of a request for the next read, or lets the buffer go. The first leftover is copied into
     * a buffer of this connection's own; reads that leave nothing (nearly all) copy nothing.
     */
    private void keep(ByteBuf in) {
        if (in == pending) {
            if (in.isReadable() && !closing) {
                in.discardReadBytes();
            } else {
                pending.release();
                pending = null;
            }
            return;
        }
        if (in.isReadable() && !closing) {
            pending = in.alloc().heapBuffer(Math.max(256, in.readableBytes()));
            pending.writeBytes(in);
        }
        in.release();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (pending != null) {
            pending.release();
            pending = null;
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

    private void route(ChannelHandlerContext ctx, String uri, int connection) {
        int q = uri.indexOf('?');
        int pathEnd = q < 0 ? uri.length() : q;
        if (!parser.get) {
            answer(ctx, responses.notAllowed.bytes(connection), connection, 0, false);
        } else if (pathEnd == 6 && uri.startsWith("/hello")) {
            long delay = q < 0 ? delays.delayMs() : delayParam(uri, q + 1);
            if (delay < 0) {
                answer(ctx, responses.badDelay.bytes(connection), connection, 0, false);
            } else {
                counters.called();
                answer(ctx, responses.hello.bytes(connection), connection, delay, true);
            }
        } else if (pathEnd == 6 && uri.startsWith("/stats")) {
            boolean reset = q > 0 && uri.indexOf("reset=1", q) > 0;
            if (reset) {
                delays.restart();
            }
            String body = counters.stats(reset);
            answer(ctx, responses.render("200 OK", "application/json", body, connection), connection, 0, false);
        } else if (pathEnd == 9 && uri.startsWith("/schedule")) {
            schedule(ctx, uri, q, connection);
        } else if (pathEnd == 3 && uri.startsWith("/gc")) {
            answer(
                    ctx,
                    responses.render("200 OK", "application/json", collectGarbage(), connection),
                    connection,
                    0,
                    false);
        } else if (pathEnd == 7 && uri.startsWith("/health")) {
            answer(ctx, responses.health.bytes(connection), connection, 0, false);
        } else {
            answer(ctx, responses.notFound.bytes(connection), connection, 0, false);
        }
    }

    /**
     * Writes {@code response} now when nothing of this connection is waiting and there is no delay (no allocation);
     * otherwise queues it, ready at once or when its delay expires.
     */
    private void answer(ChannelHandlerContext ctx, byte[] response, int connection, long delayMs, boolean hello) {
        if (connection == BackendResponses.CLOSE) {
            closing = true;
        }
        if (delayMs == 0 && (queue == null || queue.isEmpty())) {
            emit(ctx, response, connection, hello);
            return;
        }
        if (queue == null) {
            queue = new ArrayDeque<>(4);
        }
        Answer a = new Answer(ctx, response, connection, hello);
        queue.add(a);
        if (delayMs == 0) {
            a.ready = true; // behind a delayed answer; written when that one is
        } else {
            counters.scheduled();
            line.add(ctx.executor(), TimeUnit.MILLISECONDS.toNanos(delayMs), a);
        }
    }

    private void drain(ChannelHandlerContext ctx) {
        while (!queue.isEmpty() && queue.peek().ready) {
            Answer a = queue.poll();
            emit(ctx, a.response, a.connection, a.hello);
        }
        ctx.flush();
    }

    private void emit(ChannelHandlerContext ctx, byte[] response, int connection, boolean hello) {
        boolean active = ctx.channel().isActive();
        if (hello) {
            counters.ended(active);
        }
        if (!active) {
            return; // the client gave up; it was not answered
        }
        responses.refreshDate();
        ByteBuf buf = ctx.alloc().ioBuffer(response.length).writeBytes(response);
        if (connection == BackendResponses.CLOSE) {
            ctx.writeAndFlush(buf).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.write(buf, ctx.voidPromise());
        }
    }

    /** One queued answer; when its delay is over it marks itself ready and writes what is ready in order. */
    private final class Answer extends DelayLine.Due {
        final ChannelHandlerContext ctx;
        final byte[] response;
        final int connection;
        final boolean hello;
        boolean ready;

        Answer(ChannelHandlerContext ctx, byte[] response, int connection, boolean hello) {
            this.ctx = ctx;
            this.response = response;
            this.connection = connection;
            this.hello = hello;
        }

        @Override
        public void run() {
            counters.scheduledDone();
            ready = true;
            drain(ctx);
        }
    }

    /** How the connection goes on after the answer to the request just read. */
    private static int connection(RequestParser p) {
        if (p.close) {
            return BackendResponses.CLOSE;
        }
        if (p.http11) {
            return BackendResponses.KEEP_ALIVE;
        }
        return p.keepAlive ? BackendResponses.KEEP_ALIVE_HTTP10 : BackendResponses.CLOSE;
    }

    /**
     * {@code GET /schedule?set=50ms,10s:1s,5s:50ms} replaces the delay schedule, its clock starting now; without
     * {@code set} it is only read. Answers the schedule in force, or 400 with the reason for a malformed one.
     */
    private void schedule(ChannelHandlerContext ctx, String uri, int q, int connection) {
        int at = q < 0 ? -1 : uri.indexOf(SET_PARAM, q);
        if (at > 0) {
            try {
                String text = URLDecoder.decode(uri.substring(at + SET_PARAM.length()), StandardCharsets.UTF_8);
                delays.set(DelaySchedule.parse(text));
            } catch (UserError | IllegalArgumentException e) {
                String body = "{\"error\":\"" + e.getMessage().replace("\"", "'") + "\"}";
                answer(
                        ctx,
                        responses.render("400 Bad Request", "application/json", body, connection),
                        connection,
                        0,
                        false);
                return;
            }
        }
        String body = "{\"schedule\":\"" + delays.schedule() + "\"}";
        answer(ctx, responses.render("200 OK", "application/json", body, connection), connection, 0, false);
    }

    /**
     * {@code GET /gc}: a full collection now, so that the objects of the connections opened so far leave the young
     * generation together, in the pause asked for, rather than in a young pause that copies them all at a moment of
     * the JVM's choosing (110 ms, 7 s into a window at 10,000 connections). The lab asks once per warm-up.
     */
    private static String collectGarbage() {
        Runtime rt = Runtime.getRuntime();
        long before = rt.totalMemory() - rt.freeMemory();
        long start = System.nanoTime();
        System.gc();
        long ms = (System.nanoTime() - start) / 1_000_000;
        long after = rt.totalMemory() - rt.freeMemory();
        return "{\"heap_used_before\":" + before + ",\"heap_used_after\":" + after + ",\"gc_ms\":" + ms + "}";
    }

    /** The {@code delay_ms} query parameter in milliseconds, the schedule's delay when absent, or -1 when invalid. */
    private long delayParam(String uri, int from) {
        int at = uri.indexOf(DELAY_PARAM, from);
        while (at > from && uri.charAt(at - 1) != '&') {
            at = uri.indexOf(DELAY_PARAM, at + 1);
        }
        if (at < 0) {
            return delays.delayMs();
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
        return v <= ContractLimits.MAX_DELAY_MS ? v : -1;
    }
}
