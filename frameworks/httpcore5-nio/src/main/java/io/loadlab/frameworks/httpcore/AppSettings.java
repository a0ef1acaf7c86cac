package io.loadlab.frameworks.httpcore;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.VersionInfo;

/**
 * What {@code /settings} announces ({@link ServerSettings}, written through {@link FrameworkSettings}), read back from
 * what runs: the I/O reactor's configuration (its threads, backlog and socket timeout), the JDBC worker pool and the
 * backend client's pool. Complete once the server listens ({@link #listening}).
 */
final class AppSettings {
    static final String MODEL = "httpcore5-nio";
    /** HttpAsyncServer's listener: one thread accepts and hands each connection to an I/O reactor thread. */
    private static final int LISTENER_THREADS = 1;

    private final AppEnv env;
    /** PostgreSQL's version when a database was given, else null. */
    private final String dbVersion;
    private final IOReactorConfig reactor;
    private final int workerThreads;
    private final BackendClient backend;
    private volatile int port;
    private volatile String json;

    AppSettings(AppEnv env, IOReactorConfig reactor, int workerThreads, BackendClient backend, String dbVersion) {
        this.env = env;
        this.dbVersion = dbVersion;
        this.reactor = reactor;
        this.workerThreads = workerThreads;
        this.backend = backend;
    }

    /** Records the port the server listens on and writes the settings, which no longer change. */
    void listening(int boundPort) {
        port = boundPort;
        json = FrameworkSettings.json(settings());
    }

    ServerSettings settings() {
        String core = release("org.apache.hc.core5");
        int ioThreads = reactor.getIoThreadCount();
        return FrameworkSettings.begin(MODEL, env, port)
                .backlog(reactor.getBacklogSize())
                .keepAlive(Limit.UNLIMITED, Limit.of(reactor.getSoTimeout().toMilliseconds()))
                .software("Apache HttpCore " + core + ", async server", "HttpCore " + core + " I/O reactor")
                .threads(new ServerSettings.Threads(
                        "event-loop", Limit.of(ioThreads), ioThreads, LISTENER_THREADS, Limit.of(workerThreads)))
                .database(FrameworkSettings.database(
                        env,
                        "JDBC on HikariCP, on the worker pool",
                        FrameworkSettings.JDBC_STATEMENT_CACHE,
                        ServerSettings.Transactions.PER_STATEMENT,
                        "autocommit",
                        dbVersion))
                .backendClient(FrameworkSettings.backendClient(
                        env,
                        "async HttpClient " + release("org.apache.hc.client5") + ", callbacks on its I/O reactor",
                        Limit.of(backend.maxConnections())))
                .own("backend_client_io_threads", BackendClient.ioThreads())
                .build();
    }

    /** The release of an HttpComponents package, from the version file it ships. */
    private static String release(String pkg) {
        VersionInfo v = VersionInfo.loadVersionInfo(pkg, AppSettings.class.getClassLoader());
        return v == null ? VersionInfo.UNAVAILABLE : v.getRelease();
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
