package io.loadlab.servers.netty;

import io.loadlab.core.Defaults;
import io.loadlab.servers.runtime.LoopConnectionPool;
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
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

/**
 * A non-blocking HTTP/1.1 client for the backend that runs on the event loops of its caller (the netty model's own
 * loops, or servlet-async's one backend loop): a call made on a loop connects (or reuses a connection) on that same
 * loop, so the request, the response and the continuation never leave that thread. Each loop keeps its connections
 * in its own {@link LoopConnectionPool}: a call takes an idle keep-alive connection, opens a new one while the loop
 * has fewer than {@code maxPerLoop} open, or waits its turn. A call not answered within {@code Defaults.TIMEOUT},
 * waiting included, fails with a timeout and its connection is closed.
 *
 * <p>Threading: {@link #get} must be called on an event loop of the group this client was built for; the callback
 * runs on that loop.
 */
public final class NettyBackendClient {
    private static final int CONNECT_TIMEOUT_MILLIS = 2_000;
    private static final long TIMEOUT_NANOS = TimeUnit.MILLISECONDS.toNanos(Defaults.TIMEOUT.toMillis());
    private static final int MAX_RESPONSE_BYTES = 1024 * 1024;

    /** Receives either the response (the callee must release it) or the failure. */
    public interface Callback {
        void done(FullHttpResponse response, Throwable failure);
    }

    private final Bootstrap template;
    private final InetSocketAddress address;
    private final String hostHeader;
    private final String pathPrefix;
    private final int maxPerLoop;
    private final FastThreadLocal<LoopConnectionPool<Channel>> pools = new FastThreadLocal<>();

    /** {@code maxPerLoop}: the most backend connections each event loop opens at once. */
    public NettyBackendClient(URI base, Class<? extends Channel> channelType, int maxPerLoop) {
        int port = base.getPort() > 0 ? base.getPort() : 80;
        // resolved once here, at start: a name lookup on an event loop would block it
        this.address = new InetSocketAddress(base.getHost(), port);
        this.hostHeader = base.getHost() + ":" + port;
        String p = base.getRawPath() == null ? "" : base.getRawPath();
        this.pathPrefix = p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
        this.maxPerLoop = maxPerLoop;
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
    public void get(EventLoop loop, String path, Callback callback) {
        LoopConnectionPool<Channel> pool = pool(loop);
        Call call = new Call(pool, pathPrefix + path, callback);
        LoopConnectionPool.Ticket<Channel> ticket = pool.acquire(call);
        if (ticket != null) {
            call.waitTimeout = loop.schedule(
                    () -> {
                        if (ticket.cancel()) {
                            callback.done(
                                    null, new TimeoutException("no connection to the backend within the timeout"));
                        }
                    },
                    TIMEOUT_NANOS,
                    TimeUnit.NANOSECONDS);
        }
    }

    private LoopConnectionPool<Channel> pool(EventLoop loop) {
        LoopConnectionPool<Channel> pool = pools.get();
        if (pool == null) {
            Connector connector = new Connector(loop);
            pool = new LoopConnectionPool<>(connector, maxPerLoop);
            connector.pool = pool;
            pools.set(pool);
        }
        return pool;
    }

    /** Opens connections on one loop; each tells its pool when it closes. */
    private final class Connector implements LoopConnectionPool.Connector<Channel> {
        private final EventLoop loop;
        private LoopConnectionPool<Channel> pool;

        Connector(EventLoop loop) {
            this.loop = loop;
        }

        @Override
        public void open(BiConsumer<Channel, Throwable> done) {
            template.clone(loop).connect(address).addListener((ChannelFutureListener) f -> {
                if (f.isSuccess()) {
                    Channel ch = f.channel();
                    ch.pipeline().get(BackendResponseHandler.class).home(pool);
                    ch.closeFuture().addListener(x -> pool.closed(ch));
                    done.accept(ch, null);
                } else {
                    done.accept(null, f.cause());
                }
            });
        }

        @Override
        public boolean isOpen(Channel ch) {
            return ch.isActive();
        }
    }

    /** One call: its request, its callback, and how long it may still take. */
    private final class Call implements LoopConnectionPool.Borrower<Channel> {
        final LoopConnectionPool<Channel> pool;
        final String uri;
        final Callback callback;
        final long deadlineNanos = System.nanoTime() + TIMEOUT_NANOS;
        ScheduledFuture<?> waitTimeout;

        Call(LoopConnectionPool<Channel> pool, String uri, Callback callback) {
            this.pool = pool;
            this.uri = uri;
            this.callback = callback;
        }

        @Override
        public void acquired(Channel ch) {
            if (waitTimeout != null) {
                waitTimeout.cancel(false);
            }
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                pool.release(ch);
                callback.done(null, new TimeoutException("no connection to the backend within the timeout"));
                return;
            }
            BackendResponseHandler handler = ch.pipeline().get(BackendResponseHandler.class);
            handler.expect(callback);
            handler.timeout(ch.eventLoop().schedule(() -> handler.timeOut(callback), left, TimeUnit.NANOSECONDS));
            FullHttpRequest req =
                    new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri, Unpooled.EMPTY_BUFFER);
            req.headers().set(HttpHeaderNames.HOST, hostHeader);
            ch.writeAndFlush(req).addListener((ChannelFutureListener) f -> {
                if (!f.isSuccess()) {
                    handler.fail(f.cause());
                    f.channel().close();
                }
            });
        }

        @Override
        public void failed(Throwable cause) {
            if (waitTimeout != null) {
                waitTimeout.cancel(false);
            }
            callback.done(null, cause);
        }
    }
}
