package io.loadlab.servers;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The part of the settings record ({@link ServerSettings}) every reference server fills alike from its
 * {@link ServerSpec}: where it listens, the backlog, keep-alive (no cap on a connection's requests,
 * {@link ServerDefaults#IDLE_TIMEOUT} idle), its database and backend clients as configured; the model adds its
 * threads and own knobs.
 */
public final class ReferenceSettings {
    /** Prepared statements kept per connection by pgjdbc and by the Vert.x PostgreSQL client: both default to 256. */
    public static final Limit STATEMENT_CACHE = Limit.of(256);

    /** The blocking models' and servlet-sync's database client. */
    public static final String JDBC = "JDBC on HikariCP";

    /** The non-blocking models' database client. */
    public static final String REACTIVE_PG = "Vert.x reactive PostgreSQL client";

    private ReferenceSettings() {}

    /** A builder with what every reference server reports alike; {@code server}: its HTTP server and version. */
    public static ServerSettings.Builder begin(ServerSpec spec, int boundPort, String server) {
        return ServerSettings.builder(spec.model().id())
                .listening(spec.host(), boundPort)
                .protocol(spec.tls() == null ? "http" : "https", spec.protocol())
                .software("loadlab " + spec.model().id() + " (reference server)", server)
                .backlog(spec.backlog())
                .keepAlive(Limit.UNLIMITED, Limit.of(ServerDefaults.IDLE_TIMEOUT.toMillis()))
                .backendClient(backendClient(spec, "none"));
    }

    /**
     * The database client {@code client} as configured: the spec's pool, 256 cached statements, every statement its
     * own transaction in autocommit, and the server's URL and version once connected.
     */
    public static ServerSettings.Database database(ServerSpec spec, String client, String serverVersion) {
        boolean connected = serverVersion != null;
        return new ServerSettings.Database(
                client,
                spec.dbPool(),
                STATEMENT_CACHE,
                ServerSettings.Transactions.PER_STATEMENT,
                "autocommit",
                connected && spec.dbUrl() != null
                        ? io.loadlab.servers.domain.ZipCodeStores.url(spec).toString()
                        : null,
                serverVersion);
    }

    /** The backend client {@code client} as configured, bounded by the spec's connections. */
    public static ServerSettings.HttpClient backendClient(ServerSpec spec, String client) {
        return new ServerSettings.HttpClient(
                client,
                Limit.of(spec.backendConnections()),
                spec.backendUrl() == null ? null : spec.backendUrl().toString());
    }

    /**
     * {@code Jetty 12.1.14}: a library's name and the version its jar's Maven metadata gives (kept in the runnable
     * jar), or the name alone when none is found.
     */
    public static String version(String name, String groupId, String artifactId) {
        String path = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = ReferenceSettings.class.getResourceAsStream(path)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version");
                if (v != null) {
                    return name + " " + v;
                }
            }
        } catch (IOException e) {
            // the name alone
        }
        return name;
    }
}
