package io.loadlab.frameworks.httpcore;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.common.ZipCode;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * {@code POST /zipcodes} and {@code GET /zipcodes/{zip}}: the input is checked on the I/O thread, the JDBC calls run
 * on the worker pool ({@code LOADLAB_WORKER_THREADS}, default the database pool's size: more workers would only wait
 * for a connection), which answers when done. 503 when no database is configured or a statement fails.
 */
final class ZipCodes {
    private final JdbcZipCodeStore store;
    private final ExecutorService worker;
    private final ObjectMapper json = new ObjectMapper();

    /** @param store the store, or null when no database is configured */
    ZipCodes(JdbcZipCodeStore store, ExecutorService worker) {
        this.store = store;
        this.worker = worker;
    }

    void upsert(byte[] body, Answers answer) {
        ZipCode row;
        try {
            row = ZipCode.of(json.readValue(body, Object.class));
        } catch (JacksonException e) {
            answer.error(400, ContractText.NOT_JSON);
            return;
        } catch (ZipCode.BadRequest e) {
            answer.error(400, e.getMessage());
            return;
        } catch (IOException e) {
            answer.error(400, ContractText.MALFORMED_REQUEST);
            return;
        }
        if (store == null) {
            answer.error(503, ContractText.NO_DATABASE);
            return;
        }
        run(answer, () -> {
            JdbcZipCodeStore.Upsert u = store.upsert(row);
            answer.json(u.created() ? 201 : 200, u.row().toJson());
        });
    }

    void find(String zip, Answers answer) {
        if (!ContractText.isValidZip(zip)) {
            answer.error(400, ContractText.BAD_ZIP);
        } else if (store == null) {
            answer.error(503, ContractText.NO_DATABASE);
        } else {
            run(answer, () -> {
                Optional<ZipCode> row = store.find(zip);
                if (row.isPresent()) {
                    answer.json(200, row.get().toJson());
                } else {
                    answer.error(404, ContractText.NO_SUCH_ZIP);
                }
            });
        }
    }

    /** Null when the database answers (or none is configured), else the reason; blocks: call on a worker. */
    String healthProblem() {
        try {
            return store == null || store.healthy() ? null : ContractText.DATABASE_DOWN;
        } catch (SQLException e) {
            return ContractText.DATABASE_DOWN;
        }
    }

    /** A JDBC call of the worker pool. */
    private interface Jdbc {
        void run() throws SQLException;
    }

    private void run(Answers answer, Jdbc call) {
        try {
            worker.execute(() -> {
                try {
                    call.run();
                } catch (SQLException e) {
                    answer.error(503, Reasons.database(e));
                }
            });
        } catch (RejectedExecutionException e) {
            answer.error(503, "database: stopping");
        }
    }
}
