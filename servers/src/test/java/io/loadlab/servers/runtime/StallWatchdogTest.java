package io.loadlab.servers.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.testkit.QuietHost;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StallWatchdogTest {
    private EventLoopGroup group;

    @BeforeEach
    void loops() {
        group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    }

    @AfterEach
    void stop() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    private List<ScheduledExecutorService> executors() {
        List<ScheduledExecutorService> l = new ArrayList<>();
        for (EventExecutor e : group) {
            l.add(e);
        }
        return l;
    }

    @Test
    void idleLoopsPass() throws Exception {
        QuietHost.holds("idle event loops tick every few milliseconds, none 100 ms late", () -> {
            try (StallWatchdog w = StallWatchdog.watch(executors())) {
                Thread.sleep(300);
                w.assertNoStallOver(100);
                assertThat(w.ticks()).isGreaterThan(10);
            }
        });
    }

    @Test
    void aDeliberatelyBlockingHandlerIsCaught() throws Exception {
        // an HTTP handler that sleeps on its event loop, the mistake the watchdog exists to catch; it answers
        // inside the block, so the answers arrive before either loop's next tick, which settle() waits for
        Channel server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline()
                                .addLast(new HttpServerCodec())
                                .addLast(new HttpObjectAggregator(1024))
                                .addLast(new SimpleChannelInboundHandler<FullHttpRequest>() {
                                    @Override
                                    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req)
                                            throws InterruptedException {
                                        Thread.sleep(100);
                                        DefaultFullHttpResponse res = new DefaultFullHttpResponse(
                                                HttpVersion.HTTP_1_1,
                                                HttpResponseStatus.OK,
                                                Unpooled.copiedBuffer(new byte[] {'O', 'K'}));
                                        HttpUtil.setContentLength(res, 2);
                                        ctx.writeAndFlush(res);
                                        Thread.sleep(200); // still blocking after its answer is out
                                    }
                                });
                    }
                })
                .bind("127.0.0.1", 0)
                .sync()
                .channel();
        try (StallWatchdog w = StallWatchdog.watch(executors())) {
            int port = ((InetSocketAddress) server.localAddress()).getPort();
            // two at once: the loops take new connections in turn, one each
            ConcurrentRequests.Result r = ConcurrentRequests.get(port, "/", 2, Duration.ofSeconds(10));
            assertThat(r.ok()).isEqualTo(2);
            assertThat(w.settle(Duration.ofSeconds(5))).isTrue();
            assertThat(w.maxLatenessMillis()).isGreaterThanOrEqualTo(200);
            assertThatThrownBy(() -> w.assertNoStallOver(100))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("stalled");
        } finally {
            server.close().sync();
        }
    }
}
