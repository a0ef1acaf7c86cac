package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.ZipCode;
import io.loadlab.frameworks.common.ZipCodeSql;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * Query-or-insert over {@link JdbcTemplate} on Spring Boot's HikariCP pool, in autocommit: the reference servers'
 * statements, so the work is the same. Every call blocks its thread.
 */
final class ZipCodeRepository {
    private static final RowMapper<ZipCode> ROW = (rs, i) -> new ZipCode(
            rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6));

    private final JdbcTemplate jdbc;
    private final String serverVersion;

    /** A stored row, and whether this call inserted it. */
    record Upsert(ZipCode row, boolean created) {}

    /** Creates the table if missing. */
    ZipCodeRepository(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        jdbc.execute(ZipCodeSql.CREATE_TABLE);
        serverVersion = jdbc.queryForObject("SHOW server_version", String.class);
    }

    /** PostgreSQL's version, as the settings report it. */
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

    /** True when the database answers. */
    boolean healthy() {
        return Integer.valueOf(1).equals(jdbc.queryForObject("SELECT 1", Integer.class));
    }
}
