package io.loadlab.loadgen;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;

/**
 * A small HTTP/1.1 server for tests: answers every request (GET, no body) with {@code 200 Hello, World!} (or the
 * answers it was given, in turn) after a delay that a function of the arrival time decides. One event loop, no
 * pipelining support needed.
 */
final class TestHttpServer implements AutoCloseable {
    private static final byte[] RESPONSE =
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n\r\nHello, World!"
                    .getBytes(StandardCharsets.US_ASCII);

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    final long startNanos;
    /** The answers writes send duplicates of, in turn; released at {@link #close}, when no write holds them. */
    private final ByteBuf[] responses;

    private long answered;

    /** @param delayNanos arrival nanoTime (relative to {@link #startNanos}) → nanoseconds to hold the response */
    TestHttpServer(LongUnaryOperator delayNanos) throws InterruptedException {
        this(delayNanos, null);
    }

    /** @param tls when not null, the server speaks HTTPS with this context */
    TestHttpServer(LongUnaryOperator delayNanos, SslContext tls) throws InterruptedException {
        this(delayNanos, tls, RESPONSE);
    }

    /** A server that answers at once with {@code answers} in turn (each a whole HTTP/1.1 response). */
    static TestHttpServer answering(String... answers) throws InterruptedException {
        byte[][] bytes = new byte[answers.length][];
        for (int i = 0; i < answers.length; i++) {
            bytes[i] = answers[i].getBytes(StandardCharsets.US_ASCII);
        }
        return new TestHttpServer(t -> 0, null, bytes);
    }

    private TestHttpServer(LongUnaryOperator delayNanos, SslContext tls, byte[]... answers)
            throws InterruptedException {
        startNanos = System.nanoTime();
        responses = new ByteBuf[answers.length];
        for (int i = 0; i < answers.length; i++) {
            responses[i] = Unpooled.unreleasableBuffer(Unpooled.directBuffer().writeBytes(answers[i]));
        }
        server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (tls != null) {
                            ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                            int matched;

                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                ByteBuf in = (ByteBuf) msg;
                                int requests = 0;
                                while (in.isReadable()) {
                                    byte b = in.readByte();
                                    matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
                                    if (matched == 4) {
                                        requests++;
                                        matched = 0;
                                    }
                                }
                                in.release();
                                for (int i = 0; i < requests; i++) {
                                    ByteBuf response = responses[(int) (answered++ % responses.length)];
                                    long delay = delayNanos.applyAsLong(System.nanoTime() - startNanos);
                                    if (delay <= 0) {
                                        ctx.writeAndFlush(response.duplicate());
                                    } else {
                                        ctx.executor()
                                                .schedule(
                                                        () -> ctx.writeAndFlush(response.duplicate()),
                                                        delay,
                                                        TimeUnit.NANOSECONDS);
                                    }
                                }
                            }
                        });
                    }
                })
                .bind("127.0.0.1", 0)
                .sync()
                .channel();
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    String httpsUrl(String path) {
        return "https://127.0.0.1:" + port() + path;
    }

    @Override
    public void close() {
        server.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        for (ByteBuf r : responses) {
            r.unwrap().release();
        }
    }
}
