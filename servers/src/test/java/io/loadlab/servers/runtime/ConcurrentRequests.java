package io.loadlab.servers.runtime;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test load: {@code n} connections opened at once, each sending one {@code GET path} and waiting for its answer. One
 * NIO event loop drives them all, so the client itself adds little time.
 */
public final class ConcurrentRequests {
    /** The outcome: answers by status, failures (connect, reset, timeout) and the wall time of the whole batch. */
    public record Result(
            int ok, int otherStatus, int failed, Duration elapsed, java.util.Map<Integer, Integer> statuses) {
        public int answered() {
            return ok + otherStatus;
        }
    }

    private ConcurrentRequests() {}

    public static Result get(int port, String path, int n, Duration timeout) throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger other = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        ConcurrentHashMap<Integer, Integer> statuses = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(n);
        try {
            Bootstrap b = new Bootstrap()
                    .group(group)
                    .channel(NioSocketChannel.class)
                    .handler(new ChannelInitializer<Channel>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline()
                                    .addLast(new HttpClientCodec())
                                    .addLast(new HttpObjectAggregator(1 << 20))
                                    .addLast(new SimpleChannelInboundHandler<FullHttpResponse>() {
                                        private boolean counted;

                                        @Override
                                        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse r) {
                                            if (!counted) {
                                                counted = true;
                                                int code = r.status().code();
                                                statuses.merge(code, 1, Integer::sum);
                                                (code == 200 ? ok : other).incrementAndGet();
                                                done.countDown();
                                            }
                                            ctx.close();
                                        }

                                        @Override
                                        public void channelInactive(ChannelHandlerContext ctx) {
                                            if (!counted) {
                                                counted = true;
                                                failed.incrementAndGet();
                                                done.countDown();
                                            }
                                        }

                                        @Override
                                        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                                            ctx.close();
                                        }
                                    });
                        }
                    });
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                b.connect("127.0.0.1", port).addListener((ChannelFutureListener) f -> {
                    if (!f.isSuccess()) {
                        failed.incrementAndGet();
                        done.countDown();
                        return;
                    }
                    DefaultFullHttpRequest req = new DefaultFullHttpRequest(
                            HttpVersion.HTTP_1_1, HttpMethod.GET, path, Unpooled.EMPTY_BUFFER);
                    req.headers().set(HttpHeaderNames.HOST, "127.0.0.1:" + port);
                    f.channel().writeAndFlush(req);
                });
            }
            boolean all = done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            int missing = all ? 0 : (int) done.getCount();
            return new Result(ok.get(), other.get(), failed.get() + missing, elapsed, java.util.Map.copyOf(statuses));
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }
}
