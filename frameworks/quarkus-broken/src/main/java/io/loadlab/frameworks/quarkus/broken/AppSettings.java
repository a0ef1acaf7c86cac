package io.loadlab.frameworks.quarkus.broken;

import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.quarkus.QuarkusSettings;
import io.loadlab.frameworks.quarkus.reactivecommon.ReactiveDatabase;
import io.loadlab.frameworks.quarkus.reactivecommon.ReactiveSettings;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code quarkus-broken}'s settings, as its code has them: the routes on the event loops but the POST, which its
 * {@code @Transactional} hands to Quarkus' worker pool; the POST's statements declared in one JTA transaction, which
 * Hibernate Reactive does not join, so that the POST fails before any statement (see {@link ZipCodes}).
 */
@ApplicationScoped
public class AppSettings extends ReactiveSettings {
    public AppSettings() {
        super("quarkus-broken", ZipCodes.class);
    }

    @Override
    public ServerSettings settings() {
        AppEnv env = AppEnv.fromSystem();
        return common(env)
                .threads(QuarkusSettings.onEventLoops(vertx, QuarkusSettings.workerPool()))
                .database(FrameworkSettings.database(
                        env,
                        DB_CLIENT,
                        ReactiveDatabase.statementCache(),
                        new ServerSettings.Transactions(
                                ServerSettings.Transactions.STATEMENT, ServerSettings.Transactions.REQUEST),
                        "autocommit reads; the POST under JTA @Transactional, which Hibernate Reactive does not join:"
                                + " on the worker thread it refuses to run (HR000068) and nothing is written",
                        database.serverVersion()))
                .own("post", "JTA @Transactional over Hibernate Reactive, the study's mistake: every POST fails")
                .build();
    }
}
