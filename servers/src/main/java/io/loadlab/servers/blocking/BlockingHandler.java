package io.loadlab.servers.blocking;

import io.loadlab.core.data.ZipCode;
import io.loadlab.core.data.ZipCodes;
import io.loadlab.servers.domain.Upsert;
import io.loadlab.servers.domain.ZipCodeJson;
import io.loadlab.servers.domain.ZipCodeStore;
import io.loadlab.servers.http.Contract;
import io.loadlab.servers.http.Route;
import io.loadlab.servers.runtime.Reasons;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Every route of the HTTP contract, answered by blocking the calling thread for as long as the work waits:
 * {@link Thread#sleep} for {@code /delay}, the blocking {@link BlockingBackendClient} for {@code /backend}, the
 * blocking {@link ZipCodeStore} (JDBC) for {@code /zipcodes}. The four blocking-socket models share one instance;
 * only which thread calls it differs. Thread-safe.
 */
final class BlockingHandler {
    private static final byte[] NO_SUCH_ZIP = Contract.errorBody("no such zip");
    private static final byte[] NOT_FOUND = Contract.errorBody(Contract.NOT_FOUND);
    private static final byte[] METHOD_NOT_ALLOWED = Contract.errorBody(Contract.METHOD_NOT_ALLOWED);
    private static final byte[] BAD_DELAY = Contract.errorBody(Contract.BAD_DELAY);
    private static final byte[] BAD_ZIP = Contract.errorBody(Contract.BAD_ZIP);
    private static final byte[] NO_BACKEND = Contract.errorBody(Contract.NO_BACKEND);
    private static final byte[] NO_DATABASE = Contract.errorBody(Contract.NO_DATABASE);

    private final ZipCodeStore store;
    private final BlockingBackendClient backend;
    private volatile byte[] settings = "{}".getBytes(StandardCharsets.UTF_8);

    /** @param store null when no database is configured; @param backend null when no backend is configured */
    BlockingHandler(ZipCodeStore store, BlockingBackendClient backend) {
        this.store = store;
        this.backend = backend;
    }

    /** The JSON served at {@code /settings}, set once the server knows its port. */
    void settings(byte[] json) {
        settings = json;
    }

    /** Answers one request, blocking until the answer is written. */
    void handle(HttpRequest req, HttpResponseWriter out, HttpResponseWriter.Conn conn) throws IOException {
        Route route = Contract.route(req.method, req.path);
        switch (route) {
            case PLAINTEXT -> out.write(200, false, Contract.PLAINTEXT_BODY, null, conn);
            case JSON -> out.write(200, true, Contract.jsonBody(), null, conn);
            case DELAY -> delay(req, out, conn);
            case BACKEND -> backend(out, conn);
            case ZIPCODES_POST -> upsert(req, out, conn);
            case ZIPCODE_GET -> find(req, out, conn);
            case HEALTH -> health(out, conn);
            case SETTINGS -> out.write(200, true, settings, null, conn);
            case NOT_FOUND -> out.write(404, true, NOT_FOUND, null, conn);
            case METHOD_NOT_ALLOWED -> out.write(405, true, METHOD_NOT_ALLOWED, Contract.allowedMethod(req.path), conn);
        }
    }

    private static void delay(HttpRequest req, HttpResponseWriter out, HttpResponseWriter.Conn conn)
            throws IOException {
        int ms = Contract.delayMillis(req.query);
        if (ms < 0) {
            out.write(400, true, BAD_DELAY, null, conn);
            return;
        }
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while delaying", e);
        }
        out.write(200, false, Contract.DELAY_BODY, null, conn);
    }

    private void backend(HttpResponseWriter out, HttpResponseWriter.Conn conn) throws IOException {
        if (backend == null) {
            out.write(502, true, NO_BACKEND, null, conn);
            return;
        }
        BlockingBackendClient.Result r = backend.hello();
        if (r.ok()) {
            out.write(200, false, r.body(), null, conn);
        } else {
            out.write(502, true, Contract.errorBody(r.failure()), null, conn);
        }
    }

    private void upsert(HttpRequest req, HttpResponseWriter out, HttpResponseWriter.Conn conn) throws IOException {
        ZipCode row;
        try {
            row = ZipCodeJson.parse(req.body);
        } catch (ZipCodeJson.BadRequest e) {
            out.write(400, true, Contract.errorBody(e.getMessage()), null, conn);
            return;
        }
        if (store == null) {
            out.write(503, true, NO_DATABASE, null, conn);
            return;
        }
        Upsert u;
        try {
            u = store.upsert(row);
        } catch (RuntimeException e) {
            out.write(503, true, databaseError(e), null, conn);
            return;
        }
        out.write(u.created() ? 201 : 200, true, ZipCodeJson.render(u.row()), null, conn);
    }

    private void find(HttpRequest req, HttpResponseWriter out, HttpResponseWriter.Conn conn) throws IOException {
        String zip = Contract.zipOf(req.path);
        if (!ZipCodes.isValidZip(zip)) {
            out.write(400, true, BAD_ZIP, null, conn);
            return;
        }
        if (store == null) {
            out.write(503, true, NO_DATABASE, null, conn);
            return;
        }
        Optional<ZipCode> row;
        try {
            row = store.find(zip);
        } catch (RuntimeException e) {
            out.write(503, true, databaseError(e), null, conn);
            return;
        }
        if (row.isPresent()) {
            out.write(200, true, ZipCodeJson.render(row.get()), null, conn);
        } else {
            out.write(404, true, NO_SUCH_ZIP, null, conn);
        }
    }

    private void health(HttpResponseWriter out, HttpResponseWriter.Conn conn) throws IOException {
        String reason = null;
        if (store != null) {
            boolean up;
            try {
                up = store.healthy();
            } catch (RuntimeException e) {
                up = false;
            }
            if (!up) {
                reason = Reasons.DATABASE_DOWN;
            }
        }
        if (reason == null && backend != null) {
            reason = backend.unhealthy();
        }
        if (reason == null) {
            out.write(200, true, Contract.HEALTH_UP_BODY, null, conn);
        } else {
            out.write(503, true, Contract.healthDownBody(reason), null, conn);
        }
    }

    /** The 503 body of a failed database call: one line, worded as every model words it. */
    private static byte[] databaseError(RuntimeException e) {
        return Contract.errorBody(Reasons.database(e));
    }
}
