package io.loadlab.frameworks.quarkus.reactive;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.quarkus.QuarkusSettings;
import io.loadlab.frameworks.quarkus.reactivecommon.ReactiveDatabase;
import io.loadlab.frameworks.quarkus.reactivecommon.ReactiveSettings;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code quarkus-reactive}'s settings: every route on the event loops (nothing handed to Quarkus' worker pool), each
 * statement its own transaction ({@link ZipCodes}).
 */
@ApplicationScoped
public class AppSettings extends ReactiveSettings {
    public AppSettings() {
        super("quarkus-reactive", ZipCodes.class);
    }

    @Override
    public ServerSettings settings() {
        AppEnv env = AppEnv.fromSystem();
        return common(env)
                .threads(QuarkusSettings.onEventLoops(vertx, Limit.of(0)))
                .database(FrameworkSettings.database(
                        env,
                        DB_CLIENT,
                        ReactiveDatabase.statementCache(),
                        ServerSettings.Transactions.PER_STATEMENT,
                        "autocommit reads; BEGIN/COMMIT around each insert",
                        database.serverVersion()))
                .build();
    }
}
