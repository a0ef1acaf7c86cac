package io.loadlab.frameworks.common;

import io.loadlab.core.Defaults;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsJson;

/**
 * The one writer of a framework application's {@code GET /settings}: the settings record every model announces
 * ({@link ServerSettings}), begun from the application's environment with what the lab sets alike for every model
 * (address, backlog, keep-alive, the JVM's facts) and finished by the application with what only it knows (framework
 * and server versions, threads, its database and HTTP clients as configured). {@link #json} is the answer's body.
 */
public final class FrameworkSettings {
    /** Prepared statements pgjdbc keeps per connection ({@code preparedStatementCacheQueries}'s default). */
    public static final Limit JDBC_STATEMENT_CACHE = Limit.of(256);

    private FrameworkSettings() {}

    /**
     * A builder with the model, where it listens, the backlog it was given, keep-alive as every model runs it (no cap
     * on a connection's requests, {@link Defaults#IDLE_TIMEOUT} idle) and this JVM.
     */
    public static ServerSettings.Builder begin(String model, AppEnv env, int port) {
        return ServerSettings.builder(model)
                .listening(env.host(), port)
                .backlog(env.backlog())
                .keepAlive(Limit.UNLIMITED, Limit.of(env.idleTimeoutMillis()));
    }

    /**
     * The database client as configured: its name, the pool from the environment, its statement cache and
     * transactions, and where it connects (without the password) when a database was given.
     */
    public static ServerSettings.Database database(
            AppEnv env,
            String client,
            Limit statementCache,
            ServerSettings.Transactions transactions,
            String transactionControl,
            String serverVersion) {
        DbTarget db = env.db();
        return new ServerSettings.Database(
                client,
                env.dbPool(),
                statementCache,
                transactions,
                transactionControl,
                db == null ? null : db.toString(),
                db == null ? null : serverVersion);
    }

    /** The backend's HTTP client as configured: its name, its connection limit, the backend when one was given. */
    public static ServerSettings.HttpClient backendClient(AppEnv env, String client, Limit maxConnections) {
        return new ServerSettings.HttpClient(
                client, maxConnections, env.backendUrl() == null ? null : env.backendUrl().toString());
    }

    /** The body of {@code GET /settings}. */
    public static String json(ServerSettings settings) {
        return SettingsJson.write(settings);
    }
}
