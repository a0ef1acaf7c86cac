package io.loadlab.servers.domain;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.loadlab.core.UserError;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.unit.Duration;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link ZipCodeStore} over JDBC with a fixed-size HikariCP pool, in autocommit. Every call blocks its thread: first
 * for a pooled connection (at most the timeout), then on the database (each statement bounded by the socket
 * timeout). Failures are {@link DatabaseException}s. Thread-safe.
 */
public final class JdbcZipCodeStore implements ZipCodeStore {
    private final HikariDataSource pool;
    private final DbUrl url;
    private final int poolSize;
    private final String serverVersion;
    private final AtomicLong statements = new AtomicLong();

    /**
     * Opens the pool, checks the database answers and creates the table if missing; blocks for that.
     *
     * @throws UserError when PostgreSQL cannot be reached (one line: where, why, what to do)
     */
    public JdbcZipCodeStore(DbUrl url, int poolSize, Duration timeout) {
        this.url = url;
        this.poolSize = poolSize;
        HikariConfig c = new HikariConfig();
        c.setPoolName("loadlab-db");
        c.setJdbcUrl(url.jdbcUrl());
        c.setUsername(url.user());
        c.setPassword(url.password());
        c.setMaximumPoolSize(poolSize);
        c.setMinimumIdle(poolSize);
        c.setAutoCommit(true);
        c.setConnectionTimeout(Math.max(250, timeout.toMillis()));
        c.setValidationTimeout(Math.max(250, Math.min(5000, timeout.toMillis())));
        long seconds = Math.max(1, timeout.toMillis() / 1000);
        c.addDataSourceProperty("connectTimeout", Long.toString(seconds));
        c.addDataSourceProperty("loginTimeout", Long.toString(seconds));
        c.addDataSourceProperty("socketTimeout", Long.toString(seconds));
        c.addDataSourceProperty("tcpKeepAlive", "true");
        c.addDataSourceProperty("ApplicationName", "loadlab");
        c.addDataSourceProperty("sslmode", url.sslMode()); // require: encrypted, the certificate is not checked
        try {
            pool = new HikariDataSource(c);
        } catch (RuntimeException e) {
            throw new UserError(ZipCodeSql.startError(url, e), e);
        }
        try (Connection conn = pool.getConnection();
                Statement s = conn.createStatement()) {
            s.execute(ZipCodeSql.CREATE_TABLE);
            try (ResultSet rs = s.executeQuery("SHOW server_version")) {
                rs.next();
                serverVersion = rs.getString(1);
            }
        } catch (SQLException e) {
            pool.close();
            throw new UserError(ZipCodeSql.startError(url, e), e);
        }
    }

    @Override
    public Upsert upsert(ZipCode row) {
        try (Connection c = pool.getConnection()) {
            ZipCode found = select(c, row.zip());
            if (found != null) {
                return new Upsert(found, false);
            }
            try (PreparedStatement ps = c.prepareStatement(ZipCodeSql.INSERT_JDBC)) {
                ps.setString(1, row.zip());
                ps.setString(2, row.type());
                ps.setString(3, row.city());
                ps.setString(4, row.state());
                ps.setString(5, row.county());
                ps.setString(6, row.timezone());
                statements.incrementAndGet();
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        return new Upsert(read(rs), true);
                    }
                }
            }
            found = select(c, row.zip()); // a concurrent insert won the race
            if (found == null) {
                throw new DatabaseException("zip " + row.zip() + " vanished between insert and select", null);
            }
            return new Upsert(found, false);
        } catch (SQLException e) {
            throw new DatabaseException(DatabaseException.reason(e), e);
        }
    }

    @Override
    public Optional<ZipCode> find(String zip) {
        try (Connection c = pool.getConnection()) {
            return Optional.ofNullable(select(c, zip));
        } catch (SQLException e) {
            throw new DatabaseException(DatabaseException.reason(e), e);
        }
    }

    private ZipCode select(Connection c, String zip) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ZipCodeSql.SELECT_JDBC)) {
            ps.setString(1, zip);
            statements.incrementAndGet();
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? read(rs) : null;
            }
        }
    }

    private static ZipCode read(ResultSet rs) throws SQLException {
        return new ZipCode(
                rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6));
    }

    /** Opens a fresh connection (bounded by 2 s), so a saturated pool does not read as a database down. */
    @Override
    public boolean healthy() {
        Properties p = new Properties();
        if (url.user() != null) {
            p.setProperty("user", url.user());
        }
        if (url.password() != null) {
            p.setProperty("password", url.password());
        }
        p.setProperty("connectTimeout", "2");
        p.setProperty("loginTimeout", "2");
        p.setProperty("socketTimeout", "2");
        p.setProperty("sslmode", url.sslMode());
        try (Connection c = DriverManager.getConnection(url.jdbcUrl(), p)) {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public long statements() {
        return statements.get();
    }

    @Override
    public String serverVersion() {
        return serverVersion;
    }

    @Override
    public void close() {
        pool.close();
    }
}
