package io.loadlab.servers.netty;

import io.loadlab.servers.ServerDefaults;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * HTTP/2 for the Netty model, beside HTTP/1.1 on the same port: each stream becomes a child channel whose pipeline
 * turns frames into HTTP/1.1 objects for the same {@link NettyHttpHandler}, so both protocols run the same endpoint
 * code. Plain connections are told apart by their first bytes (the HTTP/2 preface, h2c with prior knowledge); TLS
 * connections by ALPN.
 */
final class NettyHttp2 {
    private NettyHttp2() {}

    /** Adds the HTTP/1.1 handlers to {@code p}. */
    static void http1(ChannelPipeline p, NettyEndpoints endpoints) {
        // reader-idle only: an all-idle check would hang a listener on every write; the handler closes a connection
        // the event names only when no request is open on it
        p.addLast(new IdleStateHandler(ServerDefaults.IDLE_TIMEOUT.toMillis(), 0, 0, TimeUnit.MILLISECONDS))
                .addLast(new HttpServerCodec(NettyServer.MAX_LINE_AND_HEADERS, NettyServer.MAX_LINE_AND_HEADERS, 8192))
                .addLast(new NettyHttpHandler(endpoints));
    }

    /** Adds the HTTP/2 handlers to {@code p}. */
    static void http2(ChannelPipeline p, NettyEndpoints endpoints) {
        p.addLast(Http2FrameCodecBuilder.forServer().build());
        p.addLast(new Http2MultiplexHandler(new ChannelInitializer<Http2StreamChannel>() {
            @Override
            protected void initChannel(Http2StreamChannel stream) {
                stream.pipeline()
                        .addLast(new Http2StreamFrameToHttpObjectCodec(true))
                        .addLast(new NettyHttpHandler(endpoints));
            }
        }));
    }

    /** Plain connections: HTTP/2 when they open with its preface, HTTP/1.1 otherwise. */
    static final class Sniffer extends ByteToMessageDecoder {
        private final NettyEndpoints endpoints;

        Sniffer(NettyEndpoints endpoints) {
            this.endpoints = endpoints;
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            ByteBuf preface = Http2CodecUtil.connectionPrefaceBuf();
            try {
                int n = Math.min(in.readableBytes(), preface.readableBytes());
                boolean h2 = ByteBufUtil.equals(in, in.readerIndex(), preface, 0, n);
                if (h2 && n < preface.readableBytes()) {
                    return; // so far a prefix of the preface: wait for more
                }
                ChannelPipeline p = ctx.pipeline();
                if (h2) {
                    http2(p, endpoints);
                } else {
                    http1(p, endpoints);
                }
                p.remove(this); // hands the bytes read so far on to what was just added
            } finally {
                preface.release();
            }
        }
    }

    /** TLS connections: HTTP/2 when ALPN chose h2, HTTP/1.1 otherwise. */
    static final class Alpn extends ApplicationProtocolNegotiationHandler {
        private final NettyEndpoints endpoints;

        Alpn(NettyEndpoints endpoints) {
            super(ApplicationProtocolNames.HTTP_1_1);
            this.endpoints = endpoints;
        }

        @Override
        protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
            if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
                http2(ctx.pipeline(), endpoints);
            } else {
                http1(ctx.pipeline(), endpoints);
            }
        }
    }
}
