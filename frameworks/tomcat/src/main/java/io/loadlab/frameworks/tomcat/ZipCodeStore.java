package io.loadlab.frameworks.tomcat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.loadlab.frameworks.common.DbTarget;
import io.loadlab.frameworks.common.ZipCode;
import io.loadlab.frameworks.common.ZipCodeSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * Query-or-insert over plain JDBC on a HikariCP pool of {@code LOADLAB_DB_POOL} connections, in autocommit, with the
 * reference servers' statements and timeouts (10 s for a pooled connection, a connect, a statement). Every call
 * blocks its thread; a failure is an {@link SQLException}.
 */
final class ZipCodeStore implements AutoCloseable {
    private final HikariDataSource pool;

    /** A stored row, and whether this call inserted it. */
    record Upsert(ZipCode row, boolean created) {}

    /** Opens the pool and creates the table if missing; fails when PostgreSQL cannot be used. */
    ZipCodeStore(DbTarget db, int poolSize) throws SQLException {
        HikariConfig c = new HikariConfig();
        c.setPoolName("loadlab-db");
        c.setJdbcUrl(db.jdbcUrl());
        c.setUsername(db.user());
        c.setPassword(db.password());
        c.setMaximumPoolSize(poolSize);
        c.setMinimumIdle(poolSize);
        c.setConnectionTimeout(10_000);
        c.addDataSourceProperty("connectTimeout", "10");
        c.addDataSourceProperty("socketTimeout", "10");
        c.addDataSourceProperty("ApplicationName", "loadlab");
        pool = new HikariDataSource(c); // fails when no connection can be made, the SQLException as its cause
        try (Connection conn = pool.getConnection();
                Statement s = conn.createStatement()) {
            s.execute(ZipCodeSql.CREATE_TABLE);
        } catch (SQLException e) {
            pool.close();
            throw e;
        }
    }

    int poolSize() {
        return pool.getMaximumPoolSize();
    }

    Optional<ZipCode> find(String zip) throws SQLException {
        try (Connection c = pool.getConnection()) {
            return Optional.ofNullable(select(c, zip));
        }
    }

    Upsert upsert(ZipCode row) throws SQLException {
        try (Connection c = pool.getConnection()) {
            ZipCode found = select(c, row.zip());
            if (found != null) {
                return new Upsert(found, false);
            }
            try (PreparedStatement st = c.prepareStatement(ZipCodeSql.INSERT)) {
                String[] v = {row.zip(), row.type(), row.city(), row.state(), row.county(), row.timezone()};
                for (int i = 0; i < v.length; i++) {
                    st.setString(i + 1, v[i]);
                }
                try (ResultSet rs = st.executeQuery()) {
                    if (rs.next()) {
                        return new Upsert(row(rs), true);
                    }
                }
            }
            return new Upsert(select(c, row.zip()), false); // a concurrent insert won
        }
    }

    /** True when the database answers. */
    boolean healthy() {
        try (Connection c = pool.getConnection()) {
            return c.isValid(5);
        } catch (SQLException e) {
            return false;
        }
    }

    private static ZipCode select(Connection c, String zip) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(ZipCodeSql.SELECT)) {
            st.setString(1, zip);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? row(rs) : null;
            }
        }
    }

    private static ZipCode row(ResultSet rs) throws SQLException {
        return new ZipCode(
                rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6));
    }

    @Override
    public void close() {
        pool.close();
    }
}
