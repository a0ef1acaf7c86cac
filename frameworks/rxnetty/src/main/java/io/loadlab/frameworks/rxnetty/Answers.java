package io.loadlab.frameworks.rxnetty;

import io.loadlab.frameworks.common.ContractText;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.reactivex.netty.protocol.http.server.HttpServerResponse;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import rx.Observable;

/**
 * The contract's answers written to an RxNetty {@link HttpServerResponse} as {@code Observable<Void>}: exact bytes,
 * bare content types, {@code Content-Length}, {@code Server} and {@code Date} (RxNetty sets neither), JSON errors.
 */
final class Answers {
    private Answers() {}

    static Observable<Void> text(HttpServerResponse<ByteBuf> res, String body) {
        return send(res, 200, ContractText.TEXT_PLAIN, ContractText.utf8(body));
    }

    static Observable<Void> json(HttpServerResponse<ByteBuf> res, int status, String body) {
        return send(res, status, ContractText.APPLICATION_JSON, ContractText.utf8(body));
    }

    static Observable<Void> error(HttpServerResponse<ByteBuf> res, int status, String reason) {
        return json(res, status, ContractText.errorJson(reason));
    }

    /** An error after which the connection closes: the request stream can no longer be trusted. */
    static Observable<Void> errorAndClose(HttpServerResponse<ByteBuf> res, int status, String reason) {
        res.setHeader(HttpHeaderNames.CONNECTION, "close");
        return error(res, status, reason).concatWith(close(res));
    }

    /** Closes the connection after what the event loop is writing now. */
    static Observable<Void> close(HttpServerResponse<ByteBuf> res) {
        return Observable.defer(() -> {
            Channel channel = res.unsafeNettyChannel();
            channel.eventLoop().execute(channel::close);
            return Observable.empty();
        });
    }

    /** 405 with the one method the path allows. */
    static Observable<Void> notAllowed(HttpServerResponse<ByteBuf> res, String allowed) {
        res.setHeader(HttpHeaderNames.ALLOW, allowed);
        return error(res, 405, ContractText.METHOD_NOT_ALLOWED);
    }

    static Observable<Void> send(HttpServerResponse<ByteBuf> res, int status, String type, byte[] body) {
        res.setStatus(HttpResponseStatus.valueOf(status));
        res.setHeader(HttpHeaderNames.SERVER, ContractText.SERVER);
        res.setHeader(HttpHeaderNames.DATE, DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)));
        res.setHeader(HttpHeaderNames.CONTENT_TYPE, type);
        res.setHeader(HttpHeaderNames.CONTENT_LENGTH, body.length);
        return res.writeBytes(Observable.just(body));
    }
}
