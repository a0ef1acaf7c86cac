package io.loadlab.servers.vertx;

import io.loadlab.core.Defaults;
import io.loadlab.servers.runtime.LoopConnectionPool;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientConnection;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpConnectOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

/**
 * The vertx model's backend client, one per verticle: Vert.x core HTTP/1.1 connections opened with
 * {@link HttpClientAgent#connect} and kept alive in the verticle's own {@link LoopConnectionPool}, in place of the
 * client's shared pool, whose search for a free connection grows with the number of connections (at 10,000 it
 * took more CPU than the requests). A call takes an idle connection, opens one while fewer than {@code max} are
 * open, or waits its turn; it fails with a timeout when the backend has not answered within {@code Defaults.TIMEOUT}
 * of the call, waiting included.
 *
 * <p>Threading: {@link #get} must be called on the verticle's event loop; connections belong to that loop, and every
 * completion runs on it. Nothing blocks.
 */
final class VertxBackendClient {
    private static final int CONNECT_TIMEOUT_MILLIS = 2_000;
    private static final long TIMEOUT_MILLIS = Defaults.TIMEOUT.toMillis();

    /** The backend's answer: its status and whole body. */
    record Answer(int status, Buffer body) {}

    private final Vertx vertx;
    private final HttpClientAgent client;
    private final HttpConnectOptions connect;
    private final String host;
    private final int port;
    private final String pathPrefix;
    private final LoopConnectionPool<Connection> pool;

    VertxBackendClient(Vertx vertx, URI base, int maxConnections) {
        this.vertx = vertx;
        this.host = base.getHost();
        this.port = base.getPort() > 0 ? base.getPort() : 80;
        String p = base.getRawPath() == null ? "" : base.getRawPath();
        this.pathPrefix = p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setProtocolVersion(HttpVersion.HTTP_1_1)
                .setKeepAlive(true)
                .setTcpNoDelay(true)
                .setDecompressionSupported(false)
                .setConnectTimeout(CONNECT_TIMEOUT_MILLIS));
        this.connect = new HttpConnectOptions().setHost(host).setPort(port).setConnectTimeout(CONNECT_TIMEOUT_MILLIS);
        this.pool = new LoopConnectionPool<>(new Connector(), maxConnections);
    }

    /** Sends {@code GET path} (below the backend URL's path) to the backend. Must run on the verticle's loop. */
    Future<Answer> get(String path) {
        Call call = new Call(pathPrefix + path, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS));
        LoopConnectionPool.Ticket<Connection> ticket = pool.acquire(call);
        if (ticket != null) {
            call.waitTimer = vertx.setTimer(TIMEOUT_MILLIS, id -> {
                if (ticket.cancel()) {
                    call.answer.fail(new TimeoutException("no connection to the backend within the timeout"));
                }
            });
        }
        return call.answer.future();
    }

    /** Backend connections open or opening on this verticle. */
    int connections() {
        return pool.connections();
    }

    /** One connection and whether it is still open (a Vert.x connection only tells through its close handler). */
    private static final class Connection {
        final HttpClientConnection http;
        boolean open = true;

        Connection(HttpClientConnection http) {
            this.http = http;
        }
    }

    private final class Connector implements LoopConnectionPool.Connector<Connection> {
        @Override
        public void open(BiConsumer<Connection, Throwable> done) {
            client.connect(connect).onComplete(ar -> {
                if (ar.failed()) {
                    done.accept(null, ar.cause());
                    return;
                }
                Connection c = new Connection(ar.result());
                c.http.closeHandler(v -> {
                    c.open = false;
                    pool.closed(c);
                });
                done.accept(c, null);
            });
        }

        @Override
        public boolean isOpen(Connection c) {
            return c.open;
        }
    }

    /** One call: its request, what its caller waits on, and how long it may still take. */
    private final class Call implements LoopConnectionPool.Borrower<Connection> {
        final String uri;
        final long deadlineNanos;
        final Promise<Answer> answer = Promise.promise();
        long waitTimer = -1;

        Call(String uri, long deadlineNanos) {
            this.uri = uri;
            this.deadlineNanos = deadlineNanos;
        }

        @Override
        public void acquired(Connection c) {
            if (waitTimer >= 0) {
                vertx.cancelTimer(waitTimer);
            }
            long left = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
            if (left <= 0) {
                pool.release(c);
                answer.fail(new TimeoutException("no connection to the backend within the timeout"));
                return;
            }
            c.http.request(new RequestOptions()
                            .setMethod(HttpMethod.GET)
                            .setHost(host)
                            .setPort(port)
                            .setURI(uri)
                            .setIdleTimeout(left))
                    .compose(req -> req.send())
                    .compose(res -> res.body().map(body -> answer(c, res, body)))
                    .onComplete(ar -> {
                        if (ar.succeeded()) {
                            answer.complete(ar.result());
                        } else {
                            if (c.open) {
                                c.http.close(); // its close handler frees its place in the pool
                            }
                            answer.fail(ar.cause());
                        }
                    });
        }

        @Override
        public void failed(Throwable cause) {
            if (waitTimer >= 0) {
                vertx.cancelTimer(waitTimer);
            }
            answer.fail(cause);
        }

        /** The answer; the connection goes back to the pool unless the backend is closing it. */
        private Answer answer(Connection c, HttpClientResponse res, Buffer body) {
            boolean closing = res.version() != HttpVersion.HTTP_1_1
                    || "close".equalsIgnoreCase(res.getHeader(HttpHeaders.CONNECTION));
            if (closing) {
                c.http.close();
            } else {
                pool.release(c);
            }
            return new Answer(res.statusCode(), body);
        }
    }
}
