package io.loadlab.servers.netty;

import io.loadlab.core.data.ZipCode;
import io.loadlab.core.data.ZipCodes;
import io.loadlab.servers.domain.AsyncZipCodeStore;
import io.loadlab.servers.domain.ZipCodeJson;
import io.loadlab.servers.http.Contract;
import io.loadlab.servers.http.Route;
import io.loadlab.servers.runtime.Reasons;
import io.loadlab.servers.runtime.StartupChecks;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * The contract's endpoints for the netty model. Waits never block: {@code /delay} is a task scheduled on the
 * connection's own event loop, {@code /backend} goes through {@link NettyBackendClient} on that loop, and
 * {@code /zipcodes} through the reactive store, whose continuations hop back to the connection's loop before
 * answering. Shared by every connection; holds no per-request state.
 */
final class NettyEndpoints {
    private final SettingsHolder settingsJson;
    private final NettyBackendClient backend;
    private final AsyncZipCodeStore store;

    NettyEndpoints(SettingsHolder settingsJson, NettyBackendClient backend, AsyncZipCodeStore store) {
        this.settingsJson = settingsJson;
        this.backend = backend;
        this.store = store;
    }

    /** Answers {@code req} through {@code conn.respond}; takes ownership of {@code body} (may be null). */
    void dispatch(NettyHttpHandler conn, HttpRequest req, ByteBuf body) {
        try {
            String uri = req.uri();
            int q = uri.indexOf('?');
            String path = q < 0 ? uri : uri.substring(0, q);
            Route route = Contract.route(req.method().name(), path);
            switch (route) {
                case PLAINTEXT -> conn.respond(NettyResponses.plaintext());
                case JSON -> conn.respond(NettyResponses.json());
                case DELAY -> delay(conn, q < 0 ? null : uri.substring(q + 1));
                case BACKEND -> backend(conn);
                case ZIPCODES_POST -> upsert(conn, body);
                case ZIPCODE_GET -> find(conn, Contract.zipOf(path));
                case HEALTH -> health(conn);
                case SETTINGS -> conn.respond(NettyResponses.json(HttpResponseStatus.OK, settingsJson.get()));
                case METHOD_NOT_ALLOWED -> {
                    FullHttpResponse res =
                            NettyResponses.error(HttpResponseStatus.METHOD_NOT_ALLOWED, Contract.METHOD_NOT_ALLOWED);
                    res.headers().set(NettyResponses.ALLOW, Contract.allowedMethod(path));
                    conn.respond(res);
                }
                case NOT_FOUND -> conn.respond(NettyResponses.error(HttpResponseStatus.NOT_FOUND, Contract.NOT_FOUND));
            }
        } finally {
            if (body != null) {
                body.release();
            }
        }
    }

    private static void delay(NettyHttpHandler conn, String query) {
        int ms = Contract.delayMillis(query);
        if (ms < 0) {
            conn.respond(NettyResponses.error(HttpResponseStatus.BAD_REQUEST, Contract.BAD_DELAY));
            return;
        }
        conn.eventLoop().schedule(() -> conn.respond(NettyResponses.delayed()), ms, TimeUnit.MILLISECONDS);
    }

    private void backend(NettyHttpHandler conn) {
        if (backend == null) {
            conn.respond(NettyResponses.error(HttpResponseStatus.BAD_GATEWAY, Contract.NO_BACKEND));
            return;
        }
        backend.get(conn.eventLoop(), "/hello", (res, failure) -> {
            if (failure != null) {
                conn.respond(backendError(Reasons.backend(failure)));
            } else if (res.status().code() != 200) {
                res.release();
                conn.respond(backendError(Reasons.backendStatus(res.status().code())));
            } else {
                conn.respond(NettyResponses.of(HttpResponseStatus.OK, NettyResponses.TEXT_PLAIN, res.content()));
            }
        });
    }

    private static FullHttpResponse backendError(String reason) {
        return NettyResponses.error(HttpResponseStatus.BAD_GATEWAY, reason);
    }

    private void upsert(NettyHttpHandler conn, ByteBuf body) {
        ZipCode row;
        try {
            row = ZipCodeJson.parse(body == null ? new byte[0] : ByteBufUtil.getBytes(body));
        } catch (ZipCodeJson.BadRequest e) {
            conn.respond(NettyResponses.error(HttpResponseStatus.BAD_REQUEST, e.getMessage()));
            return;
        }
        if (store == null) {
            conn.respond(NettyResponses.error(HttpResponseStatus.SERVICE_UNAVAILABLE, Contract.NO_DATABASE));
            return;
        }
        onLoop(conn, store.upsert(row), (u, failure) -> {
            if (failure != null) {
                conn.respond(databaseError(failure));
            } else {
                conn.respond(NettyResponses.json(
                        u.created() ? HttpResponseStatus.CREATED : HttpResponseStatus.OK, ZipCodeJson.render(u.row())));
            }
        });
    }

    private void find(NettyHttpHandler conn, String zip) {
        if (!ZipCodes.isValidZip(zip)) {
            conn.respond(NettyResponses.error(HttpResponseStatus.BAD_REQUEST, Contract.BAD_ZIP));
            return;
        }
        if (store == null) {
            conn.respond(NettyResponses.error(HttpResponseStatus.SERVICE_UNAVAILABLE, Contract.NO_DATABASE));
            return;
        }
        onLoop(conn, store.find(zip), (found, failure) -> {
            if (failure != null) {
                conn.respond(databaseError(failure));
            } else if (found.isEmpty()) {
                conn.respond(NettyResponses.error(HttpResponseStatus.NOT_FOUND, "no such zip"));
            } else {
                conn.respond(NettyResponses.json(HttpResponseStatus.OK, ZipCodeJson.render(found.get())));
            }
        });
    }

    private static FullHttpResponse databaseError(Throwable failure) {
        return NettyResponses.error(HttpResponseStatus.SERVICE_UNAVAILABLE, Reasons.database(failure));
    }

    private void health(NettyHttpHandler conn) {
        CompletableFuture<String> backendProblem = new CompletableFuture<>();
        if (backend == null) {
            backendProblem.complete(null);
        } else {
            backend.get(conn.eventLoop(), "/health", (res, failure) -> {
                if (failure != null) {
                    backendProblem.complete(Reasons.backend(failure));
                } else {
                    int code = res.status().code();
                    res.release();
                    backendProblem.complete(code == 200 ? null : Reasons.backendStatus(code));
                }
            });
        }
        CompletionStage<String> dbProblem = store == null
                ? CompletableFuture.completedFuture(null)
                : store.healthy()
                        .handle((ok, e) -> e == null && Boolean.TRUE.equals(ok) ? null : Reasons.DATABASE_DOWN);
        onLoop(conn, backendProblem.thenCombine(dbProblem, (b, d) -> d != null ? d : b), (problem, failure) -> {
            if (problem == null && failure == null) {
                conn.respond(NettyResponses.healthUp());
            } else {
                String reason = problem != null ? problem : StartupChecks.reason(failure);
                conn.respond(NettyResponses.of(
                        HttpResponseStatus.SERVICE_UNAVAILABLE,
                        NettyResponses.APPLICATION_JSON,
                        Unpooled.wrappedBuffer(Contract.healthDownBody(reason))));
            }
        });
    }

    /** Runs {@code then} on the connection's event loop once {@code stage} completes, wherever it completed. */
    private static <T> void onLoop(NettyHttpHandler conn, CompletionStage<T> stage, BiConsumer<T, Throwable> then) {
        EventLoop loop = conn.eventLoop();
        stage.whenComplete((v, e) -> {
            if (loop.inEventLoop()) {
                then.accept(v, e);
            } else {
                loop.execute(() -> then.accept(v, e));
            }
        });
    }
}
