package io.loadlab.frameworks.tomcat;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.DbTarget;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.loadlab.frameworks.common.Reasons;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts the {@code tomcat} model from {@code LOADLAB_*} environment variables only (see frameworks/README.md),
 * prints its settings as one JSON line on stdout when it listens, as {@code loadlab serve} does, and stops
 * gracefully on SIGTERM. A bad variable (exit 2) or an unusable PostgreSQL (exit 1) is one line on stderr.
 */
public final class TomcatApplication {
    /**
     * Tomcat logs through java.util.logging: warnings only; a failed start is this class's one line, not Tomcat's
     * stack trace. Held here so that the levels are not collected.
     */
    private static final List<Logger> LOGS = List.of(
            Logger.getLogger(""),
            Logger.getLogger("org.apache.catalina.util.LifecycleBase"),
            Logger.getLogger("org.apache.catalina.loader.WebappClassLoaderBase"));

    private TomcatApplication() {}

    public static void main(String[] args) throws Exception {
        LOGS.get(0).setLevel(Level.WARNING);
        LOGS.get(1).setLevel(Level.OFF);
        LOGS.get(2).setLevel(Level.SEVERE);
        AppEnv env = AppEnv.fromSystem();
        RunningTomcat server;
        try {
            server = start(env);
        } catch (IllegalArgumentException e) {
            System.err.println("loadlab tomcat: " + e.getMessage());
            System.exit(2);
            return;
        } catch (Exception e) {
            System.err.println("loadlab tomcat: " + Reasons.startFailure(e, env));
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "graceful-stop"));
        System.out.println(server.settingsJson());
        System.err.println("loadlab tomcat: listening on http://" + server.host() + ":" + server.port());
    }

    /** Starts the server configured by {@code env}; returns once it listens. */
    public static RunningTomcat start(AppEnv env) throws Exception {
        DbTarget db = env.db();
        BackendClient backend = new BackendClient(env.backendUrl(), env.httpClientConnections());
        JdbcZipCodeStore store = null;
        try {
            store = db == null ? null : new JdbcZipCodeStore(db, env.dbPool());
            return RunningTomcat.start(env, backend, store);
        } catch (Exception | Error e) {
            if (store != null) {
                store.close();
            }
            backend.close();
            throw e;
        }
    }
}
