package io.loadlab.servers.vertx;

import io.loadlab.core.data.ZipCode;
import io.loadlab.core.data.ZipCodes;
import io.loadlab.servers.domain.AsyncZipCodeStore;
import io.loadlab.servers.domain.ZipCodeJson;
import io.loadlab.servers.http.Contract;
import io.loadlab.servers.runtime.Reasons;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * The contract's endpoints for the vertx model, one instance per verticle. {@code /delay} is a Vert.x timer,
 * {@code /backend} the verticle's {@link VertxBackendClient}, {@code /zipcodes} the reactive PostgreSQL client; every
 * continuation runs on the verticle's event loop. Nothing here blocks.
 */
final class VertxEndpoints {
    private final Vertx vertx;
    private final VertxShared shared;
    private final VertxBackendClient client;

    /** {@code client} is null when no backend is configured. */
    VertxEndpoints(Vertx vertx, VertxShared shared, VertxBackendClient client) {
        this.vertx = vertx;
        this.shared = shared;
        this.client = client;
    }

    /** Answers {@code req}; {@code body} is the whole request body (null when not read). */
    void dispatch(HttpServerRequest req, Buffer body) {
        HttpServerResponse res = req.response();
        String path = req.path();
        switch (Contract.route(req.method().name(), path)) {
            case PLAINTEXT -> VertxResponses.send(res, 200, VertxResponses.TEXT_PLAIN, VertxResponses.PLAINTEXT);
            case JSON ->
                VertxResponses.send(res, 200, VertxResponses.APPLICATION_JSON, Buffer.buffer(Contract.jsonBody()));
            case DELAY -> delay(res, req.query());
            case BACKEND -> backend(res);
            case ZIPCODES_POST -> upsert(res, body);
            case ZIPCODE_GET -> find(res, Contract.zipOf(path));
            case HEALTH -> health(res);
            case SETTINGS -> VertxResponses.send(res, 200, VertxResponses.APPLICATION_JSON, shared.settingsJson());
            case METHOD_NOT_ALLOWED -> {
                res.putHeader(VertxResponses.ALLOW, Contract.allowedMethod(path));
                VertxResponses.error(res, 405, Contract.METHOD_NOT_ALLOWED);
            }
            case NOT_FOUND -> VertxResponses.error(res, 404, Contract.NOT_FOUND);
        }
    }

    private void delay(HttpServerResponse res, String query) {
        int ms = Contract.delayMillis(query);
        if (ms < 0) {
            VertxResponses.error(res, 400, Contract.BAD_DELAY);
        } else if (ms == 0) {
            vertx.getOrCreateContext().runOnContext(v -> sendDelayed(res));
        } else {
            vertx.setTimer(ms, id -> sendDelayed(res));
        }
    }

    private static void sendDelayed(HttpServerResponse res) {
        VertxResponses.send(res, 200, VertxResponses.TEXT_PLAIN, VertxResponses.DELAY);
    }

    private void backend(HttpServerResponse res) {
        if (client == null) {
            VertxResponses.error(res, 502, Contract.NO_BACKEND);
            return;
        }
        client.get("/hello").onComplete(ar -> {
            if (ar.failed()) {
                VertxResponses.error(res, 502, Reasons.backend(ar.cause()));
            } else if (ar.result().status() != 200) {
                VertxResponses.error(res, 502, Reasons.backendStatus(ar.result().status()));
            } else {
                VertxResponses.send(
                        res, 200, VertxResponses.TEXT_PLAIN, ar.result().body());
            }
        });
    }

    private void upsert(HttpServerResponse res, Buffer body) {
        AsyncZipCodeStore store = shared.store();
        ZipCode row;
        try {
            row = ZipCodeJson.parse(body == null ? new byte[0] : body.getBytes());
        } catch (ZipCodeJson.BadRequest e) {
            VertxResponses.error(res, 400, e.getMessage());
            return;
        }
        if (store == null) {
            VertxResponses.error(res, 503, Contract.NO_DATABASE);
            return;
        }
        onContext(store.upsert(row), (u, failure) -> {
            if (failure != null) {
                VertxResponses.error(res, 503, Reasons.database(failure));
            } else {
                VertxResponses.send(
                        res,
                        u.created() ? 201 : 200,
                        VertxResponses.APPLICATION_JSON,
                        Buffer.buffer(ZipCodeJson.render(u.row())));
            }
        });
    }

    private void find(HttpServerResponse res, String zip) {
        if (!ZipCodes.isValidZip(zip)) {
            VertxResponses.error(res, 400, Contract.BAD_ZIP);
            return;
        }
        AsyncZipCodeStore store = shared.store();
        if (store == null) {
            VertxResponses.error(res, 503, Contract.NO_DATABASE);
            return;
        }
        onContext(store.find(zip), (found, failure) -> {
            if (failure != null) {
                VertxResponses.error(res, 503, Reasons.database(failure));
            } else if (found.isEmpty()) {
                VertxResponses.error(res, 404, "no such zip");
            } else {
                VertxResponses.send(
                        res, 200, VertxResponses.APPLICATION_JSON, Buffer.buffer(ZipCodeJson.render(found.get())));
            }
        });
    }

    private void health(HttpServerResponse res) {
        Future<String> backendProblem = client == null
                ? Future.succeededFuture(null)
                : client.get("/health")
                        .transform(ar -> Future.succeededFuture(
                                ar.failed()
                                        ? Reasons.backend(ar.cause())
                                        : ar.result().status() == 200
                                                ? null
                                                : Reasons.backendStatus(
                                                        ar.result().status())));
        AsyncZipCodeStore store = shared.store();
        Future<String> dbProblem = store == null
                ? Future.succeededFuture(null)
                : Future.fromCompletionStage(store.healthy())
                        .transform(ar -> Future.succeededFuture(
                                ar.succeeded() && Boolean.TRUE.equals(ar.result()) ? null : Reasons.DATABASE_DOWN));
        Context ctx = vertx.getOrCreateContext();
        Future.all(backendProblem, dbProblem)
                .onComplete(ar -> ctx.runOnContext(v -> {
                    String problem = dbProblem.result() != null ? dbProblem.result() : backendProblem.result();
                    if (problem == null) {
                        VertxResponses.send(res, 200, VertxResponses.APPLICATION_JSON, VertxResponses.HEALTH_UP);
                    } else {
                        VertxResponses.send(
                                res,
                                503,
                                VertxResponses.APPLICATION_JSON,
                                Buffer.buffer(Contract.healthDownBody(problem)));
                    }
                }));
    }

    /** Runs {@code then} on this verticle's event loop once {@code stage} completes (the store's loop may differ). */
    private <T> void onContext(CompletionStage<T> stage, BiConsumer<T, Throwable> then) {
        Context ctx = vertx.getOrCreateContext();
        stage.whenComplete((v, e) -> {
            if (Vertx.currentContext() == ctx) {
                then.accept(v, e);
            } else {
                ctx.runOnContext(x -> then.accept(v, e));
            }
        });
    }
}
