package io.loadlab.servers.servlet;

import io.loadlab.core.data.ZipCode;
import io.loadlab.servers.domain.AsyncZipCodeStore;
import io.loadlab.servers.domain.ZipCodeJson;
import io.loadlab.servers.http.Contract;
import io.loadlab.servers.runtime.Reasons;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * servlet-async's {@code --offload nonblocking}: the waiting endpoints without any thread waiting. {@code /delay} is
 * a one-thread timer, {@code /backend} a Netty client on one backend loop, {@code /zipcodes} the reactive PostgreSQL
 * client. Each stage completes on the timer, the backend loop or a Vert.x event loop, none of which may block.
 */
final class NonBlockingWork implements AutoCloseable {
    private final ScheduledExecutorService timer;
    private final NonBlockingBackend backend;
    private final AsyncZipCodeStore store;

    NonBlockingWork(ScheduledExecutorService timer, NonBlockingBackend backend, AsyncZipCodeStore store) {
        this.timer = timer;
        this.backend = backend;
        this.store = store;
    }

    CompletionStage<Reply> delay(int ms) {
        CompletableFuture<Reply> f = new CompletableFuture<>();
        timer.schedule(() -> f.complete(Reply.DELAYED), ms, TimeUnit.MILLISECONDS);
        return f;
    }

    CompletionStage<Reply> backend() {
        return backend == null ? done(Reply.error(502, Contract.NO_BACKEND)) : backend.hello();
    }

    CompletionStage<Reply> upsert(ZipCode row) {
        if (store == null) {
            return done(Reply.error(503, Contract.NO_DATABASE));
        }
        return store.upsert(row)
                .handle((u, e) -> e != null
                        ? databaseError(e)
                        : Reply.json(u.created() ? 201 : 200, ZipCodeJson.render(u.row())));
    }

    CompletionStage<Reply> find(String zip) {
        if (store == null) {
            return done(Reply.error(503, Contract.NO_DATABASE));
        }
        return store.find(zip)
                .handle((row, e) -> e != null
                        ? databaseError(e)
                        : row.map(r -> Reply.json(200, ZipCodeJson.render(r)))
                                .orElseGet(() -> Reply.error(404, "no such zip")));
    }

    CompletionStage<Reply> health() {
        CompletionStage<String> b = backend == null ? done(null) : backend.healthProblem();
        CompletionStage<String> d = store == null
                ? done(null)
                : store.healthy()
                        .handle((ok, e) -> e == null && Boolean.TRUE.equals(ok) ? null : Reasons.DATABASE_DOWN);
        return b.thenCombine(d, (x, y) -> y != null ? y : x)
                .thenApply(p -> p == null ? Reply.HEALTH_UP : Reply.healthDown(p));
    }

    private static Reply databaseError(Throwable e) {
        return Reply.error(503, Reasons.database(e));
    }

    private static <T> CompletionStage<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }

    @Override
    public void close() {
        if (store != null) {
            store.close();
        }
    }
}
