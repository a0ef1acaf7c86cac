package io.loadlab.servers.netty;

import io.loadlab.servers.http.Contract;
import io.loadlab.servers.http.HttpDate;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;

/**
 * Response building in the TechEmpower Netty idiom: the fixed bodies live in pre-allocated, unreleasable direct
 * buffers that each response only duplicates, header names and values are pre-encoded {@link AsciiString}s, and
 * headers are not re-validated. Header names are written in their canonical case, as every other model writes them.
 */
final class NettyResponses {
    static final AsciiString SERVER = AsciiString.cached("Server");
    static final AsciiString DATE = AsciiString.cached("Date");
    static final AsciiString CONTENT_TYPE = AsciiString.cached("Content-Type");
    static final AsciiString CONTENT_LENGTH = AsciiString.cached("Content-Length");
    static final AsciiString CONNECTION = AsciiString.cached("Connection");
    static final AsciiString ALLOW = AsciiString.cached("Allow");
    static final AsciiString CLOSE = AsciiString.cached("close");
    static final AsciiString KEEP_ALIVE = AsciiString.cached("keep-alive");

    static final AsciiString SERVER_VALUE = AsciiString.cached(Contract.SERVER);
    static final AsciiString TEXT_PLAIN = AsciiString.cached(Contract.TEXT_PLAIN);
    static final AsciiString APPLICATION_JSON = AsciiString.cached(Contract.APPLICATION_JSON);

    private static final HttpHeadersFactory HEADERS =
            DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final HttpHeadersFactory TRAILERS =
            DefaultHttpHeadersFactory.trailersFactory().withValidation(false);

    private static final ByteBuf PLAINTEXT = constant(Contract.PLAINTEXT_BODY);
    private static final ByteBuf DELAY = constant(Contract.DELAY_BODY);
    private static final ByteBuf HEALTH_UP = constant(Contract.HEALTH_UP_BODY);

    private NettyResponses() {}

    static FullHttpResponse plaintext() {
        return of(HttpResponseStatus.OK, TEXT_PLAIN, PLAINTEXT.duplicate());
    }

    static FullHttpResponse json() {
        return of(HttpResponseStatus.OK, APPLICATION_JSON, Unpooled.wrappedBuffer(Contract.jsonBody()));
    }

    static FullHttpResponse delayed() {
        return of(HttpResponseStatus.OK, TEXT_PLAIN, DELAY.duplicate());
    }

    static FullHttpResponse healthUp() {
        return of(HttpResponseStatus.OK, APPLICATION_JSON, HEALTH_UP.duplicate());
    }

    static FullHttpResponse error(HttpResponseStatus status, String reason) {
        return of(status, APPLICATION_JSON, Unpooled.wrappedBuffer(Contract.errorBody(reason)));
    }

    static FullHttpResponse json(HttpResponseStatus status, byte[] body) {
        return of(status, APPLICATION_JSON, Unpooled.wrappedBuffer(body));
    }

    /** A response carrying {@code body} (ownership passes to the response) with the contract's headers. */
    static FullHttpResponse of(HttpResponseStatus status, AsciiString contentType, ByteBuf body) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body, HEADERS, TRAILERS);
        HttpHeaders h = r.headers();
        h.set(SERVER, SERVER_VALUE);
        h.set(DATE, HttpDate.now());
        h.set(CONTENT_TYPE, contentType);
        h.setInt(CONTENT_LENGTH, body.readableBytes());
        return r;
    }

    private static ByteBuf constant(byte[] bytes) {
        // never written after this; a read-only wrapper would cost every copy a ByteBuffer detour
        return Unpooled.unreleasableBuffer(Unpooled.directBuffer(bytes.length).writeBytes(bytes));
    }
}
