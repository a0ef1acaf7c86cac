package io.loadlab.frameworks.quarkus;

import io.loadlab.frameworks.common.ContractText;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;

/**
 * The requests Vert.x would answer with an empty page, answered as the contract says, right after Vert.x's HTTP
 * codec: one its decoder could not parse (400; headers over 8 KiB, 431), and a body over 1 MiB, declared (at once)
 * or chunked (when it passes the bound): 413. Each gets the contract's JSON error and the connection closes. Vert.x
 * offers no hook for its invalid requests that Quarkus lets an application set, hence the handler.
 */
final class ContractGate extends ChannelInboundHandlerAdapter {
    static final String NAME = "loadlab-contract-gate";

    private long bodyBytes;
    private boolean refused;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpObject o && o.decoderResult().isFailure()) {
            DecoderResult result = o.decoderResult();
            refuse(ctx, msg, result.cause() instanceof TooLongFrameException ? 431 : 400);
            return;
        }
        if (msg instanceof HttpRequest request) {
            bodyBytes = 0;
            if (HttpUtil.getContentLength(request, -1L) > ContractText.MAX_BODY_BYTES) {
                refuse(ctx, msg, 413);
                return;
            }
        }
        if (msg instanceof HttpContent content) {
            bodyBytes += content.content().readableBytes();
            if (bodyBytes > ContractText.MAX_BODY_BYTES) {
                refuse(ctx, msg, 413);
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }

    private void refuse(ChannelHandlerContext ctx, Object msg, int status) {
        refused = true;
        ReferenceCountUtil.release(msg);
        String reason = switch (status) {
            case 413 -> ContractText.BODY_TOO_LARGE;
            case 431 -> ContractText.HEADERS_TOO_LARGE;
            default -> ContractText.MALFORMED_REQUEST;
        };
        byte[] body = ContractText.utf8(ContractText.errorJson(reason));
        FullHttpResponse r = new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status), Unpooled.wrappedBuffer(body));
        r.headers()
                .set(HttpHeaderNames.SERVER, ContractText.SERVER)
                .set(HttpHeaderNames.DATE, HttpDate.now())
                .set(HttpHeaderNames.CONTENT_TYPE, ContractText.APPLICATION_JSON)
                .set(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.channel().config().setAutoRead(false);
        ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
    }
}
