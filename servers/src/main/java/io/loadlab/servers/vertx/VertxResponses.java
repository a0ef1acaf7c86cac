package io.loadlab.servers.vertx;

import io.loadlab.servers.http.Contract;
import io.loadlab.servers.http.HttpDate;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

/**
 * Writes the contract's answers with Vert.x: fixed bodies are pre-built buffers, header names pre-encoded, the
 * {@code Date} comes from {@link HttpDate} like every other model (Vert.x adds none of its own). Header names are in
 * canonical case, as every model writes them.
 */
final class VertxResponses {
    static final CharSequence SERVER = HttpHeaders.createOptimized("Server");
    static final CharSequence DATE = HttpHeaders.createOptimized("Date");
    static final CharSequence CONTENT_TYPE = HttpHeaders.createOptimized("Content-Type");
    static final CharSequence CONTENT_LENGTH = HttpHeaders.createOptimized("Content-Length");
    static final CharSequence CONNECTION = HttpHeaders.createOptimized("Connection");
    static final CharSequence ALLOW = HttpHeaders.createOptimized("Allow");
    static final CharSequence CLOSE = HttpHeaders.createOptimized("close");
    static final CharSequence SERVER_VALUE = HttpHeaders.createOptimized(Contract.SERVER);
    static final CharSequence TEXT_PLAIN = HttpHeaders.createOptimized(Contract.TEXT_PLAIN);
    static final CharSequence APPLICATION_JSON = HttpHeaders.createOptimized(Contract.APPLICATION_JSON);

    static final Buffer PLAINTEXT = Buffer.buffer(Contract.PLAINTEXT_BODY);
    static final Buffer DELAY = Buffer.buffer(Contract.DELAY_BODY);
    static final Buffer HEALTH_UP = Buffer.buffer(Contract.HEALTH_UP_BODY);

    private VertxResponses() {}

    /** Ends {@code res} with {@code body}. Must run on the request's context. */
    static Future<Void> send(HttpServerResponse res, int status, CharSequence contentType, Buffer body) {
        if (res.ended() || res.closed()) {
            return Future.succeededFuture();
        }
        return res.setStatusCode(status)
                .putHeader(SERVER, SERVER_VALUE)
                .putHeader(DATE, HttpDate.now())
                .putHeader(CONTENT_TYPE, contentType)
                .putHeader(CONTENT_LENGTH, String.valueOf(body.length()))
                .end(body);
    }

    static Future<Void> error(HttpServerResponse res, int status, String reason) {
        return send(res, status, APPLICATION_JSON, Buffer.buffer(Contract.errorBody(reason)));
    }
}
