package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.ZipCodeSql;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The PostgreSQL database behind the zip codes, when {@code LOADLAB_DB_URL} configures one: its table, made at
 * start, and whether it answers, for {@code /health}.
 */
@ApplicationScoped
public class ReactiveDatabase {
    @Inject
    Instance<Pool> pool;

    /** Whether a database is configured, as the configuration says (the pool bean exists either way). */
    static boolean configuredByEnv() {
        return ConfigProvider.getConfig().getOptionalValue("quarkus.datasource.active", Boolean.class).orElse(false);
    }

    /** Creates the table, when a database is configured. */
    void createTable(@Observes StartupEvent start) {
        if (configured()) {
            pool.get().query(ZipCodeSql.CREATE_TABLE).execute().await().atMost(Duration.ofSeconds(30));
        }
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
