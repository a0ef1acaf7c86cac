package io.loadlab.frameworks.common;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * Query-or-insert over plain JDBC on a HikariCP pool, in autocommit: the reference servers' statements and timeouts
 * (10 s for a pooled connection, a connect, a statement), so the work is the same, for the applications whose
 * framework brings no data access of its own. Every call blocks its thread; the pool's size bounds the statements in
 * flight. HikariCP and the driver come with the application.
 */
public final class JdbcZipCodeStore implements AutoCloseable {
    private final HikariDataSource pool;
    private final String serverVersion;

    /** A stored row, and whether this call inserted it. */
    public record Upsert(ZipCode row, boolean created) {}

    /** Opens the pool and creates the table if missing; fails when PostgreSQL cannot be used. */
    public JdbcZipCodeStore(DbTarget db, int size) throws SQLException {
        HikariConfig c = new HikariConfig();
        c.setPoolName("loadlab-db");
        c.setJdbcUrl(db.jdbcUrl());
        c.setUsername(db.user());
        c.setPassword(db.password());
        c.setMaximumPoolSize(size);
        c.setMinimumIdle(size);
        // as the reference servers: a pooled connection, a connect, a statement each wait at most 10 s
        c.setConnectionTimeout(10_000);
        c.addDataSourceProperty("connectTimeout", 10);
        c.addDataSourceProperty("socketTimeout", 10);
        c.addDataSourceProperty("ApplicationName", "loadlab");
        pool = new HikariDataSource(c);
        try (Connection conn = pool.getConnection();
                Statement st = conn.createStatement()) {
            st.execute(ZipCodeSql.CREATE_TABLE);
            try (ResultSet rs = st.executeQuery("show server_version")) {
                serverVersion = rs.next() ? rs.getString(1) : null;
            }
        } catch (SQLException e) {
            pool.close();
            throw e;
        }
    }

    /** PostgreSQL's version, read once at start: the settings record's {@code database.server_version}. */
    public String serverVersion() {
        return serverVersion;
    }

    public int size() {
        return pool.getMaximumPoolSize();
    }

    public Optional<ZipCode> find(String zip) throws SQLException {
        try (Connection conn = pool.getConnection()) {
            return find(conn, zip);
        }
    }

    public Upsert upsert(ZipCode row) throws SQLException {
        try (Connection conn = pool.getConnection()) {
            Optional<ZipCode> found = find(conn, row.zip());
            if (found.isPresent()) {
                return new Upsert(found.get(), false);
            }
            try (PreparedStatement st = conn.prepareStatement(ZipCodeSql.INSERT)) {
                String[] v = {row.zip(), row.type(), row.city(), row.state(), row.county(), row.timezone()};
                for (int i = 0; i < v.length; i++) {
                    st.setString(i + 1, v[i]);
                }
                Optional<ZipCode> inserted = first(st);
                if (inserted.isPresent()) {
                    return new Upsert(inserted.get(), true);
                }
            }
            return new Upsert(find(conn, row.zip()).orElseThrow(), false); // a concurrent insert won
        }
    }

    /** True when the database answers. */
    public boolean healthy() throws SQLException {
        try (Connection conn = pool.getConnection()) {
            return conn.isValid(10);
        }
    }

    private static Optional<ZipCode> find(Connection conn, String zip) throws SQLException {
        try (PreparedStatement st = conn.prepareStatement(ZipCodeSql.SELECT)) {
            st.setString(1, zip);
            return first(st);
        }
    }

    private static Optional<ZipCode> first(PreparedStatement st) throws SQLException {
        try (ResultSet rs = st.executeQuery()) {
            return rs.next()
                    ? Optional.of(new ZipCode(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getString(6)))
                    : Optional.empty();
        }
    }

    @Override
    public void close() {
        pool.close();
    }
}
