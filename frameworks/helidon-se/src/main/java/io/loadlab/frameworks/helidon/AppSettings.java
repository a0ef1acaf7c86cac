package io.loadlab.frameworks.helidon;

import io.helidon.common.Version;
import io.helidon.webserver.WebServerConfig;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;

/**
 * What {@code /settings} announces ({@link ServerSettings}, written through {@link FrameworkSettings}), read back from
 * the WebServer's configuration as built (backlog, idle-connection timeout, concurrent-request limit) and from the
 * backend client. Complete once the server listens ({@link #listening}).
 */
final class AppSettings {
    static final String MODEL = "helidon-se";
    /** Helidon's listener accepts on one platform thread and hands each connection to a virtual thread. */
    private static final int ACCEPT_THREADS = 1;

    private final AppEnv env;
    /** PostgreSQL's version when a database was given, else null. */
    private final String dbVersion;
    private final BackendClient backend;
    private volatile WebServerConfig server;
    private volatile int port;
    private volatile String json;

    AppSettings(AppEnv env, BackendClient backend, String dbVersion) {
        this.env = env;
        this.dbVersion = dbVersion;
        this.backend = backend;
    }

    /** Records the server's configuration and port and writes the settings, which no longer change. */
    void listening(WebServerConfig config, int boundPort) {
        server = config;
        port = boundPort;
        json = FrameworkSettings.json(settings());
    }

    ServerSettings settings() {
        int maxConcurrent = server.maxConcurrentRequests();
        return FrameworkSettings.begin(MODEL, env, port)
                .backlog(server.backlog())
                .keepAlive(Limit.UNLIMITED, Limit.of(server.idleConnectionTimeout().toMillis()))
                .software("Helidon SE " + Version.VERSION, "Helidon WebServer " + Version.VERSION)
                .threads(new ServerSettings.Threads(
                        "virtual-thread",
                        maxConcurrent < 0 ? Limit.UNLIMITED : Limit.of(maxConcurrent),
                        0,
                        ACCEPT_THREADS,
                        Limit.of(0)))
                .database(FrameworkSettings.database(
                        env,
                        "JDBC on HikariCP, blocking a virtual thread",
                        FrameworkSettings.JDBC_STATEMENT_CACHE,
                        ServerSettings.Transactions.PER_STATEMENT,
                        "autocommit",
                        dbVersion))
                .backendClient(FrameworkSettings.backendClient(
                        env,
                        "Helidon WebClient " + Version.VERSION + " (HTTP/1.1), blocking a virtual thread",
                        Limit.of(backend.maxConnections())))
                .own("idle_connection_period_ms", server.idleConnectionPeriod().toMillis())
                .own("backend_connection_cache", backend.connectionCache())
                .build();
    }

    String host() {
        return env.host();
    }

    int port() {
        return port;
    }

    /** The body of {@code GET /settings}. */
    String json() {
        return json;
    }
}
