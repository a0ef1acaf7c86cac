package io.loadlab.loadgen;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2GoAwayFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small h2c (prior knowledge) server for tests, on Netty's own HTTP/2 codec (HPACK with Huffman and a dynamic
 * table, flow control): {@code /ok} answers 200 "Hello, World!", {@code /big} 200 with {@link #BIG} bytes,
 * {@code /503} a 503, {@code /rst} resets the stream, {@code /refuse} refuses every other stream (REFUSED_STREAM),
 * {@code /goaway} answers and then sends GOAWAY every {@link #GOAWAY_EVERY} requests, {@code /silent} never answers.
 */
final class TestHttp2Server implements AutoCloseable {
    static final int BIG = 1 << 20;
    static final int GOAWAY_EVERY = 50;
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    final AtomicLong requests = new AtomicLong();

    /** @param maxStreams SETTINGS_MAX_CONCURRENT_STREAMS to announce, or 0 for none */
    TestHttp2Server(int maxStreams) throws InterruptedException {
        this(maxStreams, -1);
    }

    /**
     * @param headerTableSize SETTINGS_HEADER_TABLE_SIZE to announce (its HPACK decoder's table), or -1 for none: one
     *     below the default 4096 obliges the client to begin its next header block with a table size update
     */
    TestHttp2Server(int maxStreams, long headerTableSize) throws InterruptedException {
        Http2Settings settings = new Http2Settings();
        if (maxStreams > 0) {
            settings.maxConcurrentStreams(maxStreams);
        }
        if (headerTableSize >= 0) {
            settings.headerTableSize(headerTableSize);
        }
        server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                        c.pipeline()
                                .addLast(Http2FrameCodecBuilder.forServer()
                                        .initialSettings(settings)
                                        // the resets are this server's answers, not an attack to cut short
                                        .encoderEnforceMaxRstFramesPerWindow(0, 0)
                                        .build())
                                .addLast(new Handler());
                    }
                })
                .bind("127.0.0.1", 0)
                .sync()
                .channel();
    }

    String url(String path) {
        return "http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort() + path;
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 100, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }

    private final class Handler extends ChannelDuplexHandler {
        private long streams;
        private long served;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2HeadersFrame h && h.isEndStream()) {
                    answer(ctx, h.stream(), h.headers().path().toString());
                } else if (msg instanceof Http2HeadersFrame h) {
                    pendingPath = h.headers().path().toString();
                } else if (msg instanceof Http2DataFrame d && d.isEndStream()) {
                    answer(ctx, d.stream(), pendingPath);
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        private String pendingPath;

        private void answer(ChannelHandlerContext ctx, Http2FrameStream stream, String path) {
            requests.incrementAndGet();
            streams++;
            switch (path) {
                case "/rst" -> ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.INTERNAL_ERROR).stream(stream));
                case "/refuse" -> {
                    if (streams % 2 == 1) {
                        ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.REFUSED_STREAM).stream(stream));
                    } else {
                        respond(ctx, stream, "200", Unpooled.wrappedBuffer(HELLO));
                    }
                }
                case "/big" -> respond(ctx, stream, "200", Unpooled.wrappedBuffer(new byte[BIG]));
                case "/503" -> respond(ctx, stream, "503", Unpooled.wrappedBuffer(HELLO));
                case "/silent" -> {}
                case "/goaway" -> {
                    respond(ctx, stream, "200", Unpooled.wrappedBuffer(HELLO));
                    if (++served % GOAWAY_EVERY == 0) {
                        ctx.writeAndFlush(new DefaultHttp2GoAwayFrame(Http2Error.NO_ERROR));
                    }
                }
                default -> respond(ctx, stream, "200", Unpooled.wrappedBuffer(HELLO));
            }
        }

        private void respond(ChannelHandlerContext ctx, Http2FrameStream stream, String status, ByteBuf body) {
            Http2Headers h = new DefaultHttp2Headers()
                    .status(status)
                    .add("server", "test")
                    .add("content-type", "text/plain")
                    .add("content-length", Integer.toString(body.readableBytes()));
            ctx.write(new DefaultHttp2HeadersFrame(h).stream(stream));
            ctx.writeAndFlush(new DefaultHttp2DataFrame(body, true).stream(stream));
        }
    }
}
