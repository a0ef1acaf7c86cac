package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.core.settings.Limit;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.ZipCodeSql;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnectOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The PostgreSQL database behind the zip codes, when {@code LOADLAB_DB_URL} configures one: its table, made at
 * start, its version, and whether it answers, for {@code /health}; and how its client is configured.
 */
@ApplicationScoped
public class ReactiveDatabase {
    @Inject
    Instance<Pool> pool;

    private volatile String serverVersion;

    /** Whether a database is configured, as the configuration says (the pool bean exists either way). */
    static boolean configuredByEnv() {
        return ConfigProvider.getConfig().getOptionalValue("quarkus.datasource.active", Boolean.class).orElse(false);
    }

    /** Creates the table and reads the server's version, when a database is configured. */
    void createTable(@Observes StartupEvent start) {
        if (configured()) {
            pool.get().query(ZipCodeSql.CREATE_TABLE).execute().await().atMost(Duration.ofSeconds(30));
            serverVersion = pool.get().query("SHOW server_version").execute()
                    .map(rows -> rows.iterator().next().getString(0))
                    .await().atMost(Duration.ofSeconds(30));
        }
    }

    /** PostgreSQL's version, or null without a database. */
    public String serverVersion() {
        return serverVersion;
    }

    /**
     * The prepared statements the client keeps per connection: Vert.x's cache size when Quarkus turned its cache on
     * ({@code quarkus.datasource.reactive.cache-prepared-statements}), else 0.
     */
    public static Limit statementCache() {
        boolean cached = ConfigProvider.getConfig()
                .getOptionalValue("quarkus.datasource.reactive.cache-prepared-statements", Boolean.class)
                .orElse(false);
        return Limit.of(cached ? SqlConnectOptions.DEFAULT_PREPARED_STATEMENT_CACHE_MAX_SIZE : 0);
    }

    /** False when no database is configured: the zip code routes then answer 503. */
    public boolean configured() {
        return pool.isResolvable() && configuredByEnv();
    }

    /** A null item when the database answers (or none is configured), else the reason. */
    public Uni<String> healthProblem() {
        if (!configured()) {
            return Uni.createFrom().nullItem();
        }
        return pool.get().query("SELECT 1").execute()
                .replaceWith((String) null)
                .onFailure().recoverWithItem(ContractText.DATABASE_DOWN);
    }
}
