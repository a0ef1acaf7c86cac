package io.loadlab.servers.vertx;

import io.loadlab.core.ContractLimits;
import io.loadlab.servers.ServerDefaults;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.http.Contract;
import io.loadlab.servers.runtime.BackendConnections;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.PemKeyCertOptions;
import java.util.concurrent.TimeUnit;

/**
 * One instance per event loop: its own {@link HttpServer} on the shared port (Vert.x balances connections across the
 * instances), its own {@link VertxBackendClient} with its share of the backend connections, and the request
 * handling. Everything runs on this verticle's event loop.
 */
final class VertxServerVerticle extends VerticleBase {
    private static final long MAX_BODY = ContractLimits.MAX_BODY_SIZE.bytes();
    private static final int MAX_LINE_AND_HEADERS = (int) ContractLimits.MAX_HEADER_SIZE.bytes();
    private final VertxShared shared;
    private final int port;
    private HttpServer server;
    private VertxEndpoints endpoints;

    VertxServerVerticle(VertxShared shared, int port) {
        this.shared = shared;
        this.port = port;
    }

    @Override
    public Future<?> start() {
        ServerSpec spec = shared.spec();
        VertxBackendClient client = spec.backendUrl() == null
                ? null
                : new VertxBackendClient(
                        vertx, spec.backendUrl(), BackendConnections.perLoop(spec.backendConnections(), spec.loops()));
        endpoints = new VertxEndpoints(vertx, shared, client);
        // h2c with prior knowledge is served beside HTTP/1.1 on the same port only when asked for; over TLS, ALPN
        // offers h2 then
        HttpServerOptions options = new HttpServerOptions()
                .setHttp2ClearTextEnabled(spec.http2())
                .setUseAlpn(spec.http2() && spec.tls() != null);
        if (shared.spec().tls() != null) {
            options.setSsl(true)
                    .setKeyCertOptions(new PemKeyCertOptions()
                            .setCertPath(shared.spec().tls().cert())
                            .setKeyPath(shared.spec().tls().key()));
        }
        server = vertx.createHttpServer(options.setHost(shared.spec().host())
                        .setPort(port)
                        .setAcceptBacklog(shared.spec().backlog())
                        // read-idle only: Vert.x's all-idle check watches every write too
                        .setReadIdleTimeout((int) ServerDefaults.IDLE_TIMEOUT.toMillis())
                        .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
                        .setTcpNoDelay(true)
                        .setCompressionSupported(false)
                        .setDecompressionSupported(false)
                        .setHandle100ContinueAutomatically(true)
                        .setMaxHeaderSize(MAX_LINE_AND_HEADERS)
                        .setMaxInitialLineLength(MAX_LINE_AND_HEADERS))
                .invalidRequestHandler(VertxServerVerticle::invalid)
                .requestHandler(this::handle);
        return server.listen();
    }

    /** The port the server bound (meaningful after {@link #start}). */
    int actualPort() {
        return server.actualPort();
    }

    Future<Void> shutdown(long millis) {
        return server.shutdown(millis, TimeUnit.MILLISECONDS);
    }

    private void handle(HttpServerRequest req) {
        if (req.version() == HttpVersion.HTTP_2) {
            // no Connection header in HTTP/2 (RFC 9113 8.2.2): a stopping server ends with GOAWAY instead
        } else if (shared.stopping()) {
            req.response().putHeader(VertxResponses.CONNECTION, VertxResponses.CLOSE);
        } else if (req.version() == HttpVersion.HTTP_1_1 && "close".equalsIgnoreCase(req.getHeader("Connection"))) {
            req.response().putHeader(VertxResponses.CONNECTION, VertxResponses.CLOSE);
        }
        String length = req.getHeader("Content-Length");
        if (length != null && tooLong(length)) {
            failAndClose(req, 413, Contract.BODY_TOO_LARGE);
            return;
        }
        if (!"POST".equals(req.method().name())) {
            endpoints.dispatch(req, null);
            return;
        }
        Buffer body = Buffer.buffer();
        boolean[] over = new boolean[1];
        req.handler(chunk -> {
            if (over[0]) {
                return;
            }
            if (body.length() + (long) chunk.length() > MAX_BODY) {
                over[0] = true;
                failAndClose(req, 413, Contract.BODY_TOO_LARGE);
                return;
            }
            body.appendBuffer(chunk);
        });
        req.endHandler(v -> {
            if (!over[0]) {
                endpoints.dispatch(req, body);
            }
        });
    }

    private static boolean tooLong(String length) {
        try {
            return Long.parseLong(length.trim()) > MAX_BODY;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Replaces Vert.x's default answer to a request its decoder rejected, so the body is the contract's. */
    private static void invalid(HttpServerRequest req) {
        Throwable cause = req.decoderResult().cause();
        if (cause instanceof TooLongHttpHeaderException || cause instanceof TooLongHttpLineException) {
            failAndClose(req, 431, Contract.HEADERS_TOO_LARGE);
        } else {
            failAndClose(req, 400, Contract.MALFORMED_REQUEST);
        }
    }

    private static void failAndClose(HttpServerRequest req, int status, String reason) {
        if (req.version() != HttpVersion.HTTP_2) {
            req.response().putHeader(VertxResponses.CONNECTION, VertxResponses.CLOSE);
        }
        VertxResponses.error(req.response(), status, reason)
                .onComplete(ar -> req.connection().close());
    }
}
