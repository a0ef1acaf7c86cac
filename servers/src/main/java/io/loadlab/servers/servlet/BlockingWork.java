package io.loadlab.servers.servlet;

import io.loadlab.core.data.ZipCode;
import io.loadlab.servers.domain.Upsert;
import io.loadlab.servers.domain.ZipCodeJson;
import io.loadlab.servers.domain.ZipCodeStore;
import io.loadlab.servers.http.Contract;
import io.loadlab.servers.runtime.Reasons;
import java.util.Optional;

/**
 * The waiting endpoints done by blocking the calling thread: {@link Thread#sleep}, the blocking backend client, JDBC.
 * Used by servlet-sync on the container thread, and by servlet-async's worker pool.
 */
final class BlockingWork implements Work {
    private final ServletBackend backend;
    private final ZipCodeStore store;

    BlockingWork(ServletBackend backend, ZipCodeStore store) {
        this.backend = backend;
        this.store = store;
    }

    @Override
    public Reply delay(int ms) {
        try {
            Thread.sleep(ms);
            return Reply.DELAYED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reply.error(503, "interrupted: the server is stopping");
        }
    }

    @Override
    public Reply backend() {
        return backend == null ? Reply.error(502, Contract.NO_BACKEND) : backend.get();
    }

    @Override
    public Reply upsert(ZipCode row) {
        if (store == null) {
            return Reply.error(503, Contract.NO_DATABASE);
        }
        try {
            Upsert u = store.upsert(row);
            return Reply.json(u.created() ? 201 : 200, ZipCodeJson.render(u.row()));
        } catch (RuntimeException e) {
            return Reply.error(503, Reasons.database(e));
        }
    }

    @Override
    public Reply find(String zip) {
        if (store == null) {
            return Reply.error(503, Contract.NO_DATABASE);
        }
        try {
            Optional<ZipCode> row = store.find(zip);
            return row.map(r -> Reply.json(200, ZipCodeJson.render(r)))
                    .orElseGet(() -> Reply.error(404, "no such zip"));
        } catch (RuntimeException e) {
            return Reply.error(503, Reasons.database(e));
        }
    }

    @Override
    public Reply health() {
        String problem = null;
        if (store != null) {
            try {
                problem = store.healthy() ? null : Reasons.DATABASE_DOWN;
            } catch (RuntimeException e) {
                problem = Reasons.DATABASE_DOWN;
            }
        }
        if (problem == null && backend != null) {
            problem = backend.healthProblem();
        }
        return problem == null ? Reply.HEALTH_UP : Reply.healthDown(problem);
    }

    @Override
    public void close() {
        if (store != null) {
            store.close();
        }
    }
}
