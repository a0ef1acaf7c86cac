package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.ContractText;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.util.Date;

/**
 * Requests Netty's decoder could not parse (a malformed line or header: 400; a request line or headers over 8 KiB:
 * 431) answered with the contract's JSON error and closed, in place of Reactor Netty's empty answer. Sits right after
 * the HTTP codec, so a broken request never reaches WebFlux.
 */
@ChannelHandler.Sharable
final class MalformedRequests extends ChannelInboundHandlerAdapter {
    static final MalformedRequests INSTANCE = new MalformedRequests();

    private MalformedRequests() {}

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpObject o && o.decoderResult().isFailure()) {
            DecoderResult result = o.decoderResult();
            ReferenceCountUtil.release(msg);
            int status = result.cause() instanceof TooLongFrameException ? 431 : 400;
            byte[] body = ContractText.utf8(ContractText.errorJson(Answers.refusal(status)));
            FullHttpResponse r = new DefaultFullHttpResponse(
                    HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status), Unpooled.wrappedBuffer(body));
            r.headers()
                    .set(HttpHeaderNames.SERVER, ContractText.SERVER)
                    .set(HttpHeaderNames.DATE, DateFormatter.format(new Date()))
                    .set(HttpHeaderNames.CONTENT_TYPE, ContractText.APPLICATION_JSON)
                    .set(HttpHeaderNames.CONTENT_LENGTH, body.length)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.channel().config().setAutoRead(false);
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.fireChannelRead(msg);
    }
}
