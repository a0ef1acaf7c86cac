package io.loadlab.frameworks.spring;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.DbTarget;
import io.loadlab.frameworks.common.FrameworkSettings;
import java.util.HashMap;
import java.util.Map;

/**
 * Spring Boot's properties for the database pool, sized and bounded as the reference servers' (parity): {@code
 * LOADLAB_DB_POOL} connections, all opened, and a pooled connection, a connect or a statement waits at most 10 s;
 * 256 prepared statements kept per connection, pgjdbc's default, which R2DBC is given too. Without {@code
 * LOADLAB_DB_URL} the pool's auto-configuration is left out and {@code /zipcodes} answers 503. The settings record's
 * database part says the same ({@link #jdbcSettings}, {@link #r2dbcSettings}).
 */
public final class DatabaseProperties {
    /**
     * Prepared statements r2dbc-postgresql keeps per connection: as pgjdbc ({@link
     * FrameworkSettings#JDBC_STATEMENT_CACHE}), where its own default keeps every statement ever prepared.
     */
    public static final int R2DBC_STATEMENT_CACHE = 256;

    private static final String JDBC_AUTO_CONFIGURATION =
            "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration";
    private static final String R2DBC_AUTO_CONFIGURATION =
            "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration";

    private DatabaseProperties() {}

    /** A HikariCP {@code DataSource} for JDBC. */
    public static Map<String, Object> jdbc(AppEnv env) {
        Map<String, Object> p = new HashMap<>();
        DbTarget db = env.db();
        if (db == null) {
            p.put("spring.autoconfigure.exclude", JDBC_AUTO_CONFIGURATION);
            return p;
        }
        p.put("spring.datasource.url", db.jdbcUrl());
        credentials(p, "spring.datasource.", db);
        p.put("spring.datasource.hikari.pool-name", "loadlab-db");
        p.put("spring.datasource.hikari.maximum-pool-size", env.dbPool());
        p.put("spring.datasource.hikari.minimum-idle", env.dbPool());
        p.put("spring.datasource.hikari.connection-timeout", 10_000);
        p.put("spring.datasource.hikari.data-source-properties.connectTimeout", 10);
        p.put("spring.datasource.hikari.data-source-properties.socketTimeout", 10);
        p.put("spring.datasource.hikari.data-source-properties.ApplicationName", "loadlab");
        return p;
    }

    /** An r2dbc-pool {@code ConnectionFactory} for R2DBC PostgreSQL. */
    public static Map<String, Object> r2dbc(AppEnv env) {
        Map<String, Object> p = new HashMap<>();
        DbTarget db = env.db();
        if (db == null) {
            p.put("spring.autoconfigure.exclude", R2DBC_AUTO_CONFIGURATION);
            return p;
        }
        // r2dbc-postgresql spells the TLS option sslMode; require encrypts without checking the certificate
        p.put("spring.r2dbc.url", db.jdbcUrl().replaceFirst("^jdbc:", "r2dbc:").replace("?sslmode=", "?sslMode=")
                + "&connectTimeout=PT10S&applicationName=loadlab"
                + "&preparedStatementCacheQueries=" + R2DBC_STATEMENT_CACHE);
        credentials(p, "spring.r2dbc.", db);
        p.put("spring.r2dbc.pool.initial-size", env.dbPool());
        p.put("spring.r2dbc.pool.max-size", env.dbPool());
        p.put("spring.r2dbc.pool.max-acquire-time", "10s");
        p.put("spring.r2dbc.pool.max-create-connection-time", "10s");
        return p;
    }

    /**
     * {@code JdbcTemplate} on the pool of {@link #jdbc}, in autocommit: each statement its own transaction (a route's
     * reads and its insert are never in one).
     */
    public static ServerSettings.Database jdbcSettings(AppEnv env, String serverVersion) {
        return FrameworkSettings.database(
                env,
                "JdbcTemplate on HikariCP, pgjdbc",
                FrameworkSettings.JDBC_STATEMENT_CACHE,
                ServerSettings.Transactions.PER_STATEMENT,
                "autocommit",
                serverVersion);
    }

    /** {@code DatabaseClient} on the pool of {@link #r2dbc}, in autocommit, as {@link #jdbcSettings}. */
    public static ServerSettings.Database r2dbcSettings(AppEnv env, String serverVersion) {
        return FrameworkSettings.database(
                env,
                "DatabaseClient on r2dbc-pool, r2dbc-postgresql",
                Limit.of(R2DBC_STATEMENT_CACHE),
                ServerSettings.Transactions.PER_STATEMENT,
                "autocommit",
                serverVersion);
    }

    private static void credentials(Map<String, Object> p, String prefix, DbTarget db) {
        if (db.user() != null) {
            p.put(prefix + "username", db.user());
        }
        if (db.password() != null) {
            p.put(prefix + "password", db.password());
        }
    }
}
