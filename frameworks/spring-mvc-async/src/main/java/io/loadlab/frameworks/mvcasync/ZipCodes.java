package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.DbTarget;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.common.ZipCode;
import io.loadlab.frameworks.common.ZipCodeSql;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /zipcodes} with Spring's {@link JdbcTemplate} on Boot's HikariCP pool of {@code LOADLAB_DB_POOL}
 * connections: the calling worker blocks for a pooled connection and on each statement (both bounded by the
 * contract's timeout; past it the answer is 503). Creates the table at start.
 */
@Component
class ZipCodes {
    private final JdbcTemplate jdbc;
    private final JsonMapper json;
    private final AppEnv env;
    private final String serverVersion;

    ZipCodes(ObjectProvider<JdbcTemplate> jdbc, JsonMapper json, AppEnv env) {
        DbTarget target = env.db();
        this.jdbc = target == null ? null : jdbc.getObject();
        this.json = json;
        this.env = env;
        String version = null;
        if (this.jdbc != null) {
            try {
                this.jdbc.execute(ZipCodeSql.CREATE_TABLE);
                version = this.jdbc.queryForObject("SHOW server_version", String.class);
            } catch (RuntimeException e) {
                throw new IllegalStateException("cannot reach PostgreSQL at " + target.address() + ": "
                        + Reasons.firstLine(e) + "; start it or fix LOADLAB_DB_URL");
            }
        }
        serverVersion = version;
    }

    /** The row in the body of {@code POST /zipcodes}, or the contract's 400 reason. */
    ZipCode parse(byte[] body) throws ZipCode.BadRequest {
        if (new String(body, StandardCharsets.UTF_8).isBlank()) {
            return ZipCode.of(null); // no JSON value at all: not an object
        }
        Object value;
        try {
            value = json.readValue(body, Object.class);
        } catch (RuntimeException e) {
            throw new ZipCode.BadRequest(ContractText.NOT_JSON);
        }
        return ZipCode.of(value);
    }

    /** Query-or-insert, blocking: 200 with the stored row, 201 with the row inserted, 503 when the database fails. */
    ResponseEntity<byte[]> upsert(ZipCode row) {
        if (jdbc == null) {
            return Answers.error(503, ContractText.NO_DATABASE);
        }
        try {
            ZipCode found = select(row.zip());
            if (found != null) {
                return reply(200, found);
            }
            List<ZipCode> inserted = jdbc.query(
                    ZipCodeSql.INSERT,
                    (rs, n) -> read(rs),
                    row.zip(),
                    row.type(),
                    row.city(),
                    row.state(),
                    row.county(),
                    row.timezone());
            if (!inserted.isEmpty()) {
                return reply(201, inserted.getFirst());
            }
            found = select(row.zip()); // a concurrent insert won the race
            return found != null
                    ? reply(200, found)
                    : Answers.error(503, "database: zip " + row.zip() + " vanished between insert and select");
        } catch (RuntimeException e) {
            return Answers.error(503, Reasons.database(e));
        }
    }

    /** 200 with the row, 404, or 503 when the database fails. */
    ResponseEntity<byte[]> find(String zip) {
        if (jdbc == null) {
            return Answers.error(503, ContractText.NO_DATABASE);
        }
        try {
            ZipCode found = select(zip);
            return found != null ? reply(200, found) : Answers.error(404, ContractText.NO_SUCH_ZIP);
        } catch (RuntimeException e) {
            return Answers.error(503, Reasons.database(e));
        }
    }

    /**
     * Null when the database answers on a fresh connection of its own (so a saturated pool does not read as a
     * database down) or none is configured; else the reason.
     */
    String healthProblem() {
        DbTarget url = env.db();
        return url == null || url.answersFresh() ? null : ContractText.DATABASE_DOWN;
    }

    private ZipCode select(String zip) {
        List<ZipCode> rows = jdbc.query(ZipCodeSql.SELECT, (rs, n) -> read(rs), zip);
        return rows.isEmpty() ? null : rows.getFirst();
    }

    private ResponseEntity<byte[]> reply(int status, ZipCode row) {
        return Answers.json(status, row.toJson());
    }

    private static ZipCode read(ResultSet rs) throws SQLException {
        return new ZipCode(
                rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6));
    }

    /** The database server's version, or null without a database. */
    String serverVersion() {
        return serverVersion;
    }
}
