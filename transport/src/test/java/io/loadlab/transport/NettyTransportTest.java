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
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

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

    static Stream<Arguments> loops() {
        return Arrays.stream(NettyTransport.values())
                .flatMap(t -> Stream.of(Arguments.of(t, "netty"), Arguments.of(t, "lab"), Arguments.of(t, "lab-ring")));
    }

    /**
     * Each transport this host runs carries bytes both ways over loopback with its own handler and channel classes:
     * on Netty's loop ({@code netty}, the servers'), on the lab's ({@code lab}: the load generator's and the backend's),
     * and on the lab's with reads from its buffer ring ({@code lab-ring}). 64 KiB each way, so that reads span many
     * buffers and arrive in order.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("loops")
    void echoesOverLoopback(NettyTransport asked, String loop) throws Exception {
        NettyTransport t = asked.resolve().runs();
        boolean ring = loop.equals("lab-ring");
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(
                1, loop.equals("netty") ? t.ioHandlerFactory() : t.labIoHandlerFactory(ring));
        byte[] sent = new byte[64 * 1024];
        new Random(7).nextBytes(sent);
        try {
            ServerBootstrap sb = new ServerBootstrap()
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
                    });
            Channel server = t.childrenReadFromRing(sb, ring)
                    .bind(new InetSocketAddress("127.0.0.1", 0))
                    .sync()
                    .channel();
            CompletableFuture<byte[]> echoed = new CompletableFuture<>();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            Bootstrap cb = new Bootstrap()
                    .group(group)
                    .channel(t.socketChannel())
                    .handler(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            ByteBuf b = (ByteBuf) msg;
                            byte[] chunk = new byte[b.readableBytes()];
                            b.readBytes(chunk);
                            b.release();
                            got.writeBytes(chunk);
                            if (got.size() >= sent.length) {
                                echoed.complete(got.toByteArray());
                            }
                        }
                    });
            Channel client = t.readFromRing(cb, ring)
                    .connect(server.localAddress())
                    .sync()
                    .channel();
            client.writeAndFlush(Unpooled.wrappedBuffer(sent));
            assertThat(echoed.get(10, TimeUnit.SECONDS)).isEqualTo(sent);
            client.close().sync();
            server.close().sync();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS);
        }
    }
}
