package io.loadlab.servers.netty;

import io.loadlab.servers.runtime.LoopConnectionPool;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * The end of a backend connection's pipeline: hands each response to the waiting call and returns the connection to
 * its loop's pool when it may be reused. Runs on the connection's event loop only.
 */
final class BackendResponseHandler extends SimpleChannelInboundHandler<FullHttpResponse> {
    private NettyBackendClient.Callback waiting;
    private LoopConnectionPool<Channel> pool;
    private ChannelHandlerContext ctx;
    private ScheduledFuture<?> timeout;

    /** The pending timeout of the current call, cancelled when the call ends so that no timer outlives it. */
    void timeout(ScheduledFuture<?> t) {
        timeout = t;
    }

    private void endCall() {
        waiting = null;
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }

    /** The pool this connection belongs to, set once it is connected. */
    void home(LoopConnectionPool<Channel> pool) {
        this.pool = pool;
    }

    void expect(NettyBackendClient.Callback callback) {
        this.waiting = callback;
    }

    /** Fails {@code callback} if it is still the one waiting, and drops the connection it waits on. */
    void timeOut(NettyBackendClient.Callback callback) {
        if (waiting == callback && waiting != null) {
            fail(new TimeoutException("no answer within the timeout"));
            if (ctx != null) {
                ctx.close();
            }
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    void fail(Throwable cause) {
        NettyBackendClient.Callback c = waiting;
        endCall();
        if (c != null) {
            c.done(null, cause);
        }
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse res) {
        NettyBackendClient.Callback c = waiting;
        endCall();
        if (HttpUtil.isKeepAlive(res) && res.decoderResult().isSuccess()) {
            pool.release(ctx.channel());
        } else {
            ctx.close();
        }
        if (c != null) {
            c.done(res.retain(), null);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        fail(new IOException("the backend closed the connection"));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(cause);
        ctx.close();
    }
}
