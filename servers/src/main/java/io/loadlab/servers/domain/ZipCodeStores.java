package io.loadlab.servers.domain;

import io.loadlab.servers.ServerDefaults;
import io.loadlab.servers.ServerSpec;
import io.vertx.core.Vertx;

/**
 * Creates the store a model uses from its {@link ServerSpec}: the database URL ({@code --db-url}, psql-style or
 * JDBC, with {@code dbUser}/{@code dbPassword} overriding the URL's), the pool size {@code dbPool}, and the timeout
 * {@link io.loadlab.servers.ServerDefaults#DB_TIMEOUT}. Both factories block until the database answered and the table exists.
 */
public final class ZipCodeStores {
    private ZipCodeStores() {}

    /** The JDBC store, or null when no database is configured (then {@code /zipcodes} answers 503). */
    public static ZipCodeStore blocking(ServerSpec spec) {
        DbUrl url = url(spec);
        return url == null ? null : new JdbcZipCodeStore(url, spec.dbPool(), ServerDefaults.DB_TIMEOUT);
    }

    /**
     * The reactive store on {@code vertxOrNull} (the Vert.x model passes its own; others pass null and the store runs
     * a small Vert.x of its own), or null when no database is configured. Do not call it on an event loop.
     */
    public static AsyncZipCodeStore async(ServerSpec spec, Vertx vertxOrNull) {
        DbUrl url = url(spec);
        return url == null
                ? null
                : new ReactiveZipCodeStore(url, spec.dbPool(), ServerDefaults.DB_TIMEOUT, vertxOrNull);
    }

    /** The parsed {@code --db-url} with the spec's credentials applied, or null when none is configured. */
    public static DbUrl url(ServerSpec spec) {
        if (spec.dbUrl() == null || spec.dbUrl().isBlank()) {
            return null;
        }
        return DbUrl.parse(spec.dbUrl()).withCredentials(spec.dbUser(), spec.dbPassword());
    }
}
