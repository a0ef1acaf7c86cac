package io.loadlab.servers.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.FastThreadLocal;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * A non-blocking HTTP/1.1 client for the backend that runs on the server's own event loops: a call made on a loop
 * connects (or reuses a connection) on that same loop, so the request, the response and the continuation never
 * leave the thread that owns the server connection. Each loop keeps its own pool of idle keep-alive connections; a
 * call finding none idle opens a new one, so connections grow with concurrent calls, like any async client without a
 * cap. A call not answered within {@code Defaults.TIMEOUT} fails with a timeout and its connection is closed.
 *
 * <p>Threading: {@link #get} must be called on an event loop of the group this client was built for; the callback
 * runs on that loop.
 */
final class NettyBackendClient {
    private static final int CONNECT_TIMEOUT_MILLIS = 2_000;
    private static final long RESPONSE_TIMEOUT_MILLIS = io.loadlab.core.Defaults.TIMEOUT.toMillis();
    private static final int MAX_RESPONSE_BYTES = 1024 * 1024;

    /** Receives either the response (the callee must release it) or the failure. */
    interface Callback {
        void done(FullHttpResponse response, Throwable failure);
    }

    private final Bootstrap template;
    private final InetSocketAddress address;
    private final String hostHeader;
    private final String pathPrefix;
    private final FastThreadLocal<ArrayDeque<Channel>> idle = new FastThreadLocal<>() {
        @Override
        protected ArrayDeque<Channel> initialValue() {
            return new ArrayDeque<>();
        }
    };

    NettyBackendClient(URI base, Class<? extends Channel> channelType) {
        int port = base.getPort() > 0 ? base.getPort() : 80;
        // resolved once here, at start: a name lookup on an event loop would block it
        this.address = new InetSocketAddress(base.getHost(), port);
        this.hostHeader = base.getHost() + ":" + port;
        String p = base.getRawPath() == null ? "" : base.getRawPath();
        this.pathPrefix = p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
        this.template = new Bootstrap()
                .channel(channelType)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, CONNECT_TIMEOUT_MILLIS)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline()
                                .addLast(new HttpClientCodec())
                                .addLast(new HttpObjectAggregator(MAX_RESPONSE_BYTES))
                                .addLast(new BackendResponseHandler());
                    }
                });
    }

    /** Sends {@code GET path} to the backend. Must run on {@code loop}. */
    void get(EventLoop loop, String path, Callback callback) {
        ArrayDeque<Channel> pool = idle.get();
        Channel ch;
        while ((ch = pool.pollLast()) != null) {
            if (ch.isActive()) {
                send(ch, pool, path, callback);
                return;
            }
        }
        template.clone(loop).connect(address).addListener((ChannelFutureListener) f -> {
            if (f.isSuccess()) {
                send(f.channel(), pool, path, callback);
            } else {
                callback.done(null, f.cause());
            }
        });
    }

    private void send(Channel ch, ArrayDeque<Channel> pool, String path, Callback callback) {
        BackendResponseHandler handler = ch.pipeline().get(BackendResponseHandler.class);
        handler.expect(callback, pool);
        handler.timeout(ch.eventLoop()
                .schedule(() -> handler.timeOut(callback), RESPONSE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS));
        FullHttpRequest req = new DefaultFullHttpRequest(
                HttpVersion.HTTP_1_1, HttpMethod.GET, pathPrefix + path, Unpooled.EMPTY_BUFFER);
        req.headers().set(HttpHeaderNames.HOST, hostHeader);
        ch.writeAndFlush(req).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
                handler.fail(f.cause());
                f.channel().close();
            }
        });
    }

    /** Closes the idle connections of the calling loop. */
    void closeIdle() {
        ArrayDeque<Channel> pool = idle.get();
        Channel ch;
        while ((ch = pool.pollLast()) != null) {
            ch.close();
        }
    }
}
