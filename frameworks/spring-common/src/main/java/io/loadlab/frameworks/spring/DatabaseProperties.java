package io.loadlab.frameworks.spring;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.DbTarget;
import java.util.HashMap;
import java.util.Map;

/**
 * Spring Boot's properties for the database pool, sized and bounded as the reference servers' (parity): {@code
 * LOADLAB_DB_POOL} connections, all opened, and a pooled connection, a connect or a statement waits at most 10 s.
 * Without {@code LOADLAB_DB_URL} the pool's auto-configuration is left out and {@code /zipcodes} answers 503.
 */
public final class DatabaseProperties {
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
                + "&connectTimeout=PT10S&applicationName=loadlab");
        credentials(p, "spring.r2dbc.", db);
        p.put("spring.r2dbc.pool.initial-size", env.dbPool());
        p.put("spring.r2dbc.pool.max-size", env.dbPool());
        p.put("spring.r2dbc.pool.max-acquire-time", "10s");
        p.put("spring.r2dbc.pool.max-create-connection-time", "10s");
        return p;
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
