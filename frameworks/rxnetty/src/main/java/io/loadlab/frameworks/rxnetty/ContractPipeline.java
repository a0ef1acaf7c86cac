package io.loadlab.frameworks.rxnetty;

import io.loadlab.frameworks.common.ContractText;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * A handler put right after RxNetty's request decoder, for what the decoder could not parse: RxNetty answers any such
 * request with a bare 431, this one answers as the contract says (431 for headers over Netty's 8 KiB, else 400
 * {@code malformed request}) in JSON, and closes.
 */
final class ContractPipeline extends ChannelInboundHandlerAdapter {
    private static final String DECODER = "_rx_netty_http-server-request-decoder";

    private boolean refused;

    /**
     * Adds the handler to a connection's pipeline (RxNetty's pipeline configurator), and first of all the closing of
     * the connection once it has been idle for {@code idleTimeout} ({@link IdleConnections}).
     */
    static void configure(ChannelPipeline p, Duration idleTimeout) {
        p.addFirst("loadlab-idle", new IdleConnections(idleTimeout));
        p.addAfter(DECODER, "loadlab-refusals", new ContractPipeline());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        DecoderResult result = msg instanceof HttpObject o ? o.decoderResult() : null;
        if (result == null || !result.isFailure()) {
            ctx.fireChannelRead(msg);
            return;
        }
        ReferenceCountUtil.release(msg);
        refused = true;
        boolean tooLarge = result.cause() instanceof TooLongFrameException t
                && t.getMessage() != null
                && t.getMessage().contains("header");
        byte[] body = ContractText.utf8(ContractText.errorJson(
                tooLarge ? ContractText.HEADERS_TOO_LARGE : ContractText.MALFORMED_REQUEST));
        FullHttpResponse r = new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1,
                tooLarge ? HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE : HttpResponseStatus.BAD_REQUEST,
                Unpooled.wrappedBuffer(body));
        r.headers()
                .set(HttpHeaderNames.SERVER, ContractText.SERVER)
                .set(HttpHeaderNames.DATE, DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)))
                .set(HttpHeaderNames.CONTENT_TYPE, ContractText.APPLICATION_JSON)
                .set(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, "close");
        ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
    }
}
