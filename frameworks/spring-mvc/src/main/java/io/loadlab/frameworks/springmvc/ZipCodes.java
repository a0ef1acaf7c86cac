package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.ZipCode;
import io.loadlab.frameworks.common.ZipCodeSql;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

/**
 * Query-or-insert over {@link JdbcTemplate} on Spring Boot's HikariCP pool, in autocommit: the reference servers'
 * statements, each its own transaction, so the work is the same. Every call blocks its thread. Without {@code
 * LOADLAB_DB_URL} there is no template and nothing here may be called but {@link #configured} and the health check.
 */
@Component
class ZipCodes {
    private static final RowMapper<ZipCode> ROW = (rs, i) -> new ZipCode(
            rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6));

    private final JdbcTemplate jdbc;
    private final String serverVersion;

    /** A stored row, and whether this call inserted it. */
    record Upsert(ZipCode row, boolean created) {}

    /** Creates the table if missing. */
    ZipCodes(ObjectProvider<JdbcTemplate> template) {
        jdbc = template.getIfAvailable();
        if (jdbc == null) {
            serverVersion = null;
            return;
        }
        jdbc.execute(ZipCodeSql.CREATE_TABLE);
        serverVersion = jdbc.queryForObject("SHOW server_version", String.class);
    }

    /** False without a database: {@code /zipcodes} answers 503. */
    boolean configured() {
        return jdbc != null;
    }

    /** PostgreSQL's version, or null without a database. */
    String serverVersion() {
        return serverVersion;
    }

    Optional<ZipCode> find(String zip) {
        return jdbc.query(ZipCodeSql.SELECT, ROW, zip).stream().findFirst();
    }

    Upsert upsert(ZipCode row) {
        Optional<ZipCode> found = find(row.zip());
        if (found.isPresent()) {
            return new Upsert(found.get(), false);
        }
        List<ZipCode> inserted = jdbc.query(
                ZipCodeSql.INSERT, ROW, row.zip(), row.type(), row.city(), row.state(), row.county(), row.timezone());
        if (!inserted.isEmpty()) {
            return new Upsert(inserted.getFirst(), true);
        }
        return new Upsert(find(row.zip()).orElseThrow(), false); // a concurrent insert won
    }

    /** Null when the database answers (or none is configured), else the reason. */
    String healthProblem() {
        try {
            return jdbc == null || Integer.valueOf(1).equals(jdbc.queryForObject("SELECT 1", Integer.class))
                    ? null
                    : ContractText.DATABASE_DOWN;
        } catch (DataAccessException e) {
            return ContractText.DATABASE_DOWN;
        }
    }
}
