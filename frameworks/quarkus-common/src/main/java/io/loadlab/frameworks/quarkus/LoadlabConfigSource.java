package io.loadlab.frameworks.quarkus;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.DbTarget;
import io.quarkus.runtime.annotations.StaticInitSafe;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Quarkus' configuration from the {@code LOADLAB_*} environment (frameworks/README.md): address and port; what the lab
 * sets alike for every model (the accept backlog, the keep-alive idle timeout, one event loop per usable CPU); the
 * database as Quarkus' reactive or JDBC datasource (inactive when {@code LOADLAB_DB_URL} is unset), the reactive one
 * caching its prepared statements as pgjdbc does by default; the thread knobs when set; the contract's 8 KiB of
 * headers. Read at run time, above application.properties; a knob left unset keeps Quarkus' default. A bad value is
 * reported at start by {@link VertxContract}, which asks {@link #problem()}. What never changes (quiet logs, no
 * banner, the graceful stop's 4 s) is in each application's application.properties: Quarkus reads it before this
 * source.
 */
@StaticInitSafe
public final class LoadlabConfigSource implements ConfigSource {
    private static final String AGROAL = "io.agroal.api.AgroalDataSource";

    private final Map<String, String> values;
    private final String problem;

    public LoadlabConfigSource() {
        Map<String, String> v = new HashMap<>();
        String p = null;
        try {
            fill(AppEnv.fromSystem(), v);
        } catch (IllegalArgumentException e) {
            p = e.getMessage();
        }
        values = Map.copyOf(v);
        problem = p;
    }

    /** The first bad variable's one-line reason, or null. */
    public static String problem() {
        return new LoadlabConfigSource().problem;
    }

    static void fill(AppEnv env, Map<String, String> v) {
        v.put("quarkus.http.host", env.host());
        v.put("quarkus.http.port", Integer.toString(env.port()));
        v.put("quarkus.http.limits.max-header-size", "8K");
        v.put("quarkus.http.accept-backlog", Integer.toString(env.backlog()));
        // Quarkus' default is 30 minutes; every model closes a connection idle for the same time.
        v.put("quarkus.http.idle-timeout", Duration.ofMillis(env.idleTimeoutMillis()).toString());
        // One event loop per usable CPU, as the reference event-loop servers run: Quarkus' own 2 × CPUs puts two loops
        // on a pinned server's one core, where they wait for each other (at 1,000 backend connections 0.50 of the
        // core's time queued, and 9,043 req/s against 9,277 with one).
        v.put("quarkus.vertx.event-loops-pool-size", Integer.toString(env.eventLoops("LOADLAB_EVENT_LOOPS")));
        knob(env, "LOADLAB_WORKER_THREADS", "quarkus.thread-pool.max-threads", v);
        knob(env, "LOADLAB_MAX_THREADS", "quarkus.thread-pool.max-threads", v);
        env.backendUrl();
        env.httpClientConnections();
        DbTarget db = env.db();
        boolean jdbc = jdbc();
        v.put("quarkus.datasource.active", Boolean.toString(db != null));
        v.put("quarkus.hibernate-orm.active", Boolean.toString(db != null));
        if (db == null) {
            return;
        }
        if (db.user() != null) {
            v.put("quarkus.datasource.username", db.user());
        }
        if (db.password() != null) {
            v.put("quarkus.datasource.password", db.password());
        }
        boolean ssl = db.sslMode().equals("require");
        if (jdbc) {
            v.put("quarkus.datasource.jdbc.url", db.jdbcUrl() + "&connectTimeout=10&socketTimeout=10&ApplicationName=loadlab");
            v.put("quarkus.datasource.jdbc.max-size", Integer.toString(env.dbPool()));
            v.put("quarkus.datasource.jdbc.min-size", Integer.toString(env.dbPool()));
            v.put("quarkus.datasource.jdbc.acquisition-timeout", "10S");
        } else {
            v.put("quarkus.datasource.reactive.url", "postgresql://" + db.address() + "/" + database(db));
            v.put("quarkus.datasource.reactive.max-size", Integer.toString(env.dbPool()));
            v.put("quarkus.datasource.reactive.postgresql.ssl-mode", ssl ? "require" : "disable");
            v.put("quarkus.datasource.reactive.trust-all", Boolean.toString(ssl));
            v.put("quarkus.datasource.reactive.acquisition-timeout", "10S");
            v.put("quarkus.datasource.reactive.idle-timeout", "0");
            // Vert.x's client prepares each statement anew unless told to cache (then 256 a connection, pgjdbc's
            // number, which the JDBC datasource keeps by default).
            v.put("quarkus.datasource.reactive.cache-prepared-statements", "true");
        }
    }

    /** True when the application is built with a JDBC datasource (Agroal), false for the reactive client. */
    static boolean jdbc() {
        try {
            Class.forName(AGROAL, false, LoadlabConfigSource.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static String database(DbTarget db) {
        String path = db.jdbcUrl().substring(("jdbc:postgresql://" + db.address() + "/").length());
        int q = path.indexOf('?');
        return q < 0 ? path : path.substring(0, q);
    }

    private static void knob(AppEnv env, String name, String property, Map<String, String> v) {
        int n = env.integer(name, 0);
        if (n > 0) {
            v.put(property, Integer.toString(n));
        }
    }

    @Override
    public Set<String> getPropertyNames() {
        return values.keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return values.get(propertyName);
    }

    @Override
    public String getName() {
        return "loadlab-environment";
    }

    /** Above application.properties (250), below Quarkus' own system properties and environment. */
    @Override
    public int getOrdinal() {
        return 275;
    }
}
