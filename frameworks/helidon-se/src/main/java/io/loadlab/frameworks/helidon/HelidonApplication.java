package io.loadlab.frameworks.helidon;

import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.DbTarget;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http1.Http1Config;
import java.sql.SQLException;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts the application from {@code LOADLAB_*} environment variables only (see frameworks/README.md), prints its
 * settings as one JSON line on stdout when it listens, as {@code loadlab serve} does, and stops gracefully on SIGTERM.
 */
public final class HelidonApplication implements AutoCloseable {
    /** How often Helidon looks for idle connections: its idle clock ticks once a second. */
    private static final Duration IDLE_CHECK_PERIOD = Duration.ofSeconds(1);

    private final WebServer server;
    private final JdbcZipCodeStore store;
    private final AppSettings settings;

    private HelidonApplication(WebServer server, JdbcZipCodeStore store, AppSettings settings) {
        this.server = server;
        this.store = store;
        this.settings = settings;
    }

    public static void main(String[] args) {
        HelidonApplication app;
        try {
            app = start(AppEnv.fromSystem());
        } catch (IllegalArgumentException | SQLException e) {
            System.err.println("loadlab helidon-se: " + e.getMessage());
            System.exit(2);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(app::close, "stop-helidon"));
        System.out.println(app.settings.json());
        System.err.println("loadlab helidon-se: listening on http://" + app.settings.host() + ":" + app.port());
    }

    /**
     * Runs the application configured by {@code env}; returns once it serves. Helidon's defaults stay, except what
     * the contract fixes (1 MiB of body, the {@code Server} header, its JSON errors, 8 KiB of headers: see {@link
     * ContractFilter}, a graceful stop bounded to a few seconds) and what the lab sets alike for every model: the
     * accept backlog {@code LOADLAB_BACKLOG} (Helidon's own: 1024) and connections closed after 30 s idle (Helidon's
     * own: 5 minutes, looked for every 2 minutes; here every second, the resolution of Helidon's idle clock). Helidon
     * caps neither the requests a connection serves nor, unless {@code LOADLAB_MAX_THREADS} sets its {@code
     * max-concurrent-requests}, the requests served at once (a virtual thread each).
     */
    public static HelidonApplication start(AppEnv env) throws SQLException {
        quietLogs();
        BackendClient backend = new BackendClient(env);
        DbTarget db = env.db();
        JdbcZipCodeStore store = db == null ? null : new JdbcZipCodeStore(db, env.dbPool());
        AppSettings settings = new AppSettings(env, backend, store == null ? null : store.serverVersion());
        HttpRouting.Builder routing = HttpRouting.builder()
                .addFilter(new ContractFilter())
                .register(new ContractRoutes(backend, new ZipCodes(store), settings));
        WebServerConfig.Builder b = WebServer.builder()
                .host(env.host())
                .port(env.port())
                .backlog(env.backlog())
                .idleConnectionTimeout(Duration.ofMillis(env.idleTimeoutMillis()))
                .idleConnectionPeriod(IDLE_CHECK_PERIOD)
                .maxPayloadSize(ContractText.MAX_BODY_BYTES)
                .shutdownGracePeriod(Duration.ofSeconds(4))
                .addProtocol(Http1Config.builder()
                        .sendKeepAliveHeader(false)
                        .build())
                .addConnectionSelector(new NotHttp11())
                .directHandlers(ContractErrors.handlers())
                .routing(routing);
        int maxConcurrent = env.integer("LOADLAB_MAX_THREADS", 0);
        if (maxConcurrent > 0) {
            b.maxConcurrentRequests(maxConcurrent);
        }
        WebServerConfig config = b.buildPrototype();
        WebServer server;
        try {
            server = WebServer.create(config).start();
        } catch (RuntimeException e) {
            if (store != null) {
                store.close();
            }
            throw e;
        }
        settings.listening(config, server.port());
        return new HelidonApplication(server, store, settings);
    }

    /** Helidon logs through java.util.logging: warnings only, no start-up lines. */
    private static void quietLogs() {
        Logger.getLogger("").setLevel(Level.WARNING);
        Logger.getLogger("io.helidon").setLevel(Level.WARNING);
    }

    public int port() {
        return server.port();
    }

    public String model() {
        return AppSettings.MODEL;
    }

    /** Stops accepting, lets the requests in flight finish (a few seconds at most), closes the pool. */
    @Override
    public void close() {
        server.stop();
        if (store != null) {
            store.close();
        }
    }
}
