package io.loadlab.frameworks.rxnetty;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.netty.util.Version;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Properties;

/**
 * What {@code /settings} announces ({@link ServerSettings}, written through {@link FrameworkSettings}), read back from
 * what runs: the event loops the server and the backend client share, the backlog given to the server channel, the
 * idle timeout of its pipeline and the backend pool's limit. Complete once the server listens ({@link #listening}).
 */
final class AppSettings {
    static final String MODEL = "rxnetty";

    private final AppEnv env;
    /** PostgreSQL's version when a database was given, else null. */
    private final String dbVersion;
    private final int eventLoops;
    private final int backlog;
    private final Duration idleTimeout;
    private final BackendClient backend;
    private volatile int port;
    private volatile String json;

    AppSettings(AppEnv env, int eventLoops, int backlog, Duration idleTimeout, BackendClient backend, String dbVersion) {
        this.env = env;
        this.dbVersion = dbVersion;
        this.eventLoops = eventLoops;
        this.backlog = backlog;
        this.idleTimeout = idleTimeout;
        this.backend = backend;
    }

    /** Records the port the server listens on and writes the settings, which no longer change. */
    void listening(int boundPort) {
        port = boundPort;
        json = FrameworkSettings.json(settings());
    }

    ServerSettings settings() {
        Version common = Version.identify().get("netty-common");
        String netty = common == null ? "unknown" : common.artifactVersion();
        return FrameworkSettings.begin(MODEL, env, port)
                .backlog(backlog)
                .keepAlive(Limit.UNLIMITED, Limit.of(idleTimeout.toMillis()))
                .software("RxNetty " + version("rxnetty-http") + ", RxJava " + version("rxjava"), "Netty " + netty)
                // the JDBC calls run on RxJava's I/O scheduler: a cached pool without bound (the database pool
                // bounds the statements in flight)
                .threads(new ServerSettings.Threads(
                        "event-loop", Limit.of(eventLoops), eventLoops, 0, Limit.UNLIMITED))
                .database(FrameworkSettings.database(
                        env,
                        "JDBC on HikariCP, on RxJava's I/O scheduler",
                        FrameworkSettings.JDBC_STATEMENT_CACHE,
                        ServerSettings.Transactions.PER_STATEMENT,
                        "autocommit",
                        dbVersion))
                .backendClient(FrameworkSettings.backendClient(
                        env,
                        "RxNetty HttpClient, per-host pool on the server's event loops",
                        Limit.of(backend.maxConnections())))
                .build();
    }

    /** A release from the properties file its jar ships ({@code META-INF/NAME.properties}), kept when shaded. */
    private static String version(String name) {
        try (InputStream in = AppSettings.class.getResourceAsStream("/META-INF/" + name + ".properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("Implementation-Version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
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
