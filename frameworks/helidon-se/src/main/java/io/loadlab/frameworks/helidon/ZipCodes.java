package io.loadlab.frameworks.helidon;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.common.ZipCode;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Optional;

/**
 * {@code POST /zipcodes} (query-or-insert) and {@code GET /zipcodes/{zip}} over the {@link JdbcZipCodeStore}, or 503
 * when no database is configured. The body is read whole (Helidon refuses one over 1 MiB with 413 before it is read)
 * and parsed with Jackson, whatever its content type. A failed statement is 503 {@code database: ...}.
 */
final class ZipCodes {
    private final JdbcZipCodeStore store;
    private final ObjectMapper json = new ObjectMapper();

    /** @param store the store, or null when no database is configured */
    ZipCodes(JdbcZipCodeStore store) {
        this.store = store;
    }

    JdbcZipCodeStore store() {
        return store;
    }

    void upsert(ServerRequest req, ServerResponse res) {
        ZipCode row;
        try {
            byte[] body = req.content().hasEntity() ? req.content().as(byte[].class) : new byte[0];
            row = ZipCode.of(json.readValue(body, Object.class));
        } catch (JacksonException e) {
            Answers.error(res, 400, ContractText.NOT_JSON);
            return;
        } catch (ZipCode.BadRequest e) {
            Answers.error(res, 400, e.getMessage());
            return;
        } catch (IOException e) {
            Answers.error(res, 400, ContractText.MALFORMED_REQUEST);
            return;
        }
        if (store == null) {
            Answers.error(res, 503, ContractText.NO_DATABASE);
            return;
        }
        try {
            JdbcZipCodeStore.Upsert u = store.upsert(row);
            Answers.json(res, u.created() ? 201 : 200, u.row().toJson());
        } catch (SQLException e) {
            Answers.error(res, 503, Reasons.database(e));
        }
    }

    void find(ServerRequest req, ServerResponse res) {
        String zip = req.path().pathParameters().get("zip");
        if (!ContractText.isValidZip(zip)) {
            Answers.error(res, 400, ContractText.BAD_ZIP);
            return;
        }
        if (store == null) {
            Answers.error(res, 503, ContractText.NO_DATABASE);
            return;
        }
        try {
            Optional<ZipCode> row = store.find(zip);
            if (row.isPresent()) {
                Answers.json(res, 200, row.get().toJson());
            } else {
                Answers.error(res, 404, ContractText.NO_SUCH_ZIP);
            }
        } catch (SQLException e) {
            Answers.error(res, 503, Reasons.database(e));
        }
    }

    /** Null when the database answers (or none is configured), else the reason. */
    String healthProblem() {
        try {
            return store == null || store.healthy() ? null : ContractText.DATABASE_DOWN;
        } catch (SQLException e) {
            return ContractText.DATABASE_DOWN;
        }
    }
}
