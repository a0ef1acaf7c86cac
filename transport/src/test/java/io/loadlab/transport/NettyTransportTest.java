package io.loadlab.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.uring.IoUring;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class NettyTransportTest {
    @Test
    void namesParseInAnyCaseAndAnythingElseIsAUserError() {
        assertThat(NettyTransport.parse("io_uring")).isEqualTo(NettyTransport.IO_URING);
        assertThat(NettyTransport.parse("IO-URING")).isEqualTo(NettyTransport.IO_URING);
        assertThat(NettyTransport.parse(" Epoll ")).isEqualTo(NettyTransport.EPOLL);
        assertThat(NettyTransport.parse("nio")).isEqualTo(NettyTransport.NIO);
        assertThatThrownBy(() -> NettyTransport.parse("kqueue"))
                .isInstanceOf(UserError.class)
                .hasMessage("unknown transport 'kqueue': use io_uring, epoll or nio");
        assertThat(NettyTransport.EPOLL.toString()).isEqualTo("epoll");
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void aTransportRunsItselfWhenAvailableOrFallsBackWithOneLineThatSaysWhy(NettyTransport t) {
        NettyTransport.Choice c = t.resolve();
        assertThat(c.asked()).isEqualTo(t);
        assertThat(c.runs().available()).isTrue();
        // io_uring runs only where the kernel can keep its waits out of iowait
        boolean runsItself = t.available() && (t != NettyTransport.IO_URING || IoUring.isIoringEnterNoIoWaitEnabled());
        if (runsItself) {
            assertThat(c.runs()).isEqualTo(t);
            assertThat(c.note()).isNull();
            assertThat(t.unavailableReason()).isNull();
        } else {
            assertThat(c.runs().ordinal()).isGreaterThan(t.ordinal());
            assertThat(c.note())
                    .startsWith("transport " + t.id() + " unavailable (")
                    .endsWith("): running on " + c.runs().id())
                    .doesNotContain("\n");
        }
    }

    @Test
    void nioIsAlwaysAvailable() {
        assertThat(NettyTransport.NIO.available()).isTrue();
        assertThat(NettyTransport.platformDefault().available()).isTrue();
    }

    /** Each transport this host runs carries bytes both ways over loopback with its own handler and channel classes. */
    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void echoesOverLoopback(NettyTransport asked) throws Exception {
        NettyTransport t = asked.resolve().runs();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, t.ioHandlerFactory());
        try {
            Channel server = new ServerBootstrap()
                    .group(group)
                    .channel(t.serverSocketChannel())
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                                @Override
                                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                    ctx.writeAndFlush(msg);
                                }
                            });
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", 0))
                    .sync()
                    .channel();
            CompletableFuture<String> echoed = new CompletableFuture<>();
            StringBuilder got = new StringBuilder();
            Channel client = new Bootstrap()
                    .group(group)
                    .channel(t.socketChannel())
                    .handler(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            ByteBuf b = (ByteBuf) msg;
                            got.append(b.toString(StandardCharsets.US_ASCII));
                            b.release();
                            if (got.length() >= 5) {
                                echoed.complete(got.toString());
                            }
                        }
                    })
                    .connect(server.localAddress())
                    .sync()
                    .channel();
            client.writeAndFlush(Unpooled.copiedBuffer("hello", StandardCharsets.US_ASCII));
            assertThat(echoed.get(10, TimeUnit.SECONDS)).isEqualTo("hello");
            client.close().sync();
            server.close().sync();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS);
        }
    }
}
