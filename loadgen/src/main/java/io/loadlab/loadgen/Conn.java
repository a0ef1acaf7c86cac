package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCategory;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * One connection of a load thread and the requests it carries: its streams, each free or carrying one request with
 * its intended and actual send times and deadline. An HTTP/1.1 connection has one stream (keep-alive, no pipelining);
 * an HTTP/2 connection up to {@code -m}. The subclass speaks the protocol and turns channel events into calls on its
 * {@link Worker}: ready, a stream's response complete, a stream or the whole connection failed, closed. {@code slot}
 * is its connection slot: its place in its worker's {@link ConnectionTally}, which a closed-model replacement takes
 * over; {@code openIndex} is its place in its worker's list of open connections ({@link Connections#all}), -1 once
 * dropped.
 *
 * <p>Confined to its worker's event loop.
 */
abstract class Conn extends ChannelInboundHandlerAdapter {
    final Worker worker;
    final int slot;
    final int fixedRequest;
    Channel channel;
    int openIndex = -1;
    boolean ready;
    boolean dead;
    boolean idleQueued;
    /** Streams this connection may carry at once: 1, or for HTTP/2 {@code -m} capped by the server's limit. */
    int capacity;
    /** Streams carrying a request now. */
    int inFlight;

    final boolean[] busy;
    final int[] request;
    final long[] intended;
    final long[] sent;
    final long[] deadline;
    /** Each stream's attempt: 0 for a request's first, n for its n-th retry. */
    final int[] attempt;

    Conn(Worker worker, int slot, int fixedRequest, int streams) {
        this.worker = worker;
        this.slot = slot;
        this.fixedRequest = fixedRequest;
        this.capacity = streams;
        this.busy = new boolean[streams];
        this.request = new int[streams];
        this.intended = new long[streams];
        this.sent = new long[streams];
        this.deadline = new long[streams];
        this.attempt = new int[streams];
    }

    /** Sends {@code request} on free stream {@code k}. */
    abstract void send(int k, int request, long intended, long now, long deadline, RequestPlan plan);

    /**
     * Stream {@code k} passed its deadline. True when only it is given up (HTTP/2 resets it; the connection goes on);
     * false when the connection must be dropped (HTTP/1.1 cannot skip a response).
     */
    abstract boolean abandon(int k);

    /** Whether new requests may start on this connection now (it is ready and not draining). */
    abstract boolean accepting();

    /** A free stream when the connection takes new requests, or -1. */
    final int freeStream() {
        if (inFlight >= capacity || !accepting()) {
            return -1;
        }
        for (int k = 0; k < capacity; k++) {
            if (!busy[k]) {
                return k;
            }
        }
        return -1;
    }

    /** Free streams that may start a request now. */
    final int freeStreams() {
        return accepting() ? Math.max(0, capacity - inFlight) : 0;
    }

    final void begin(int k, int request, long intended, long now, long deadline) {
        this.request[k] = request;
        this.intended[k] = intended;
        this.sent[k] = now;
        this.deadline[k] = deadline;
        busy[k] = true;
        inFlight++;
    }

    final void end(int k) {
        if (busy[k]) {
            busy[k] = false;
            inFlight--;
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

    /** Whether a request is being written right now: an exception then is a write error. */
    boolean writing() {
        return false;
    }

    /**
     * A connect error before the connection is ready, a write error while writing, a read error (or reset) while
     * requests are in flight; on an idle connection the peer merely closed it.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (dead) {
            return;
        }
        if (!ready) {
            worker.onFailure(this, ErrorCategory.CONNECT, cause);
        } else if (writing()) {
            worker.onFailure(this, ErrorCategory.WRITE, cause);
        } else if (inFlight > 0) {
            worker.onFailure(this, isReset(cause) ? ErrorCategory.RESET : ErrorCategory.READ, cause);
        } else {
            worker.onClosed(this);
        }
    }

    /** A reset by the peer (ECONNRESET), as epoll and NIO word it. */
    private static boolean isReset(Throwable cause) {
        String m = cause == null ? null : cause.getMessage();
        return m != null && m.contains("reset");
    }
}
