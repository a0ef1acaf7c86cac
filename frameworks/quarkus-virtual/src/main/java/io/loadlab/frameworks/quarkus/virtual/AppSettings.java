package io.loadlab.frameworks.quarkus.virtual;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.quarkus.QuarkusApp;
import io.loadlab.frameworks.quarkus.QuarkusSettings;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * {@code quarkus-virtual}'s settings: Quarkus' part ({@link QuarkusSettings}), the routes that wait on virtual
 * threads and the others on the event loops, Hibernate ORM on Agroal with pgjdbc's statement cache, each statement its
 * own transaction ({@link ZipCodeStore}), the blocking REST client.
 */
@ApplicationScoped
public class AppSettings implements QuarkusApp {
    @Inject
    Vertx vertx;

    @Inject
    BackendClient backend;

    @Inject
    ZipCodes zipCodes;

    @Override
    public String model() {
        return "quarkus-virtual";
    }

    static boolean databaseConfigured() {
        return ConfigProvider.getConfig().getOptionalValue("quarkus.datasource.active", Boolean.class).orElse(false);
    }

    @Override
    public List<Class<?>> resources() {
        return List.of(ContractResource.class, ZipCodes.class);
    }

    @Override
    public ServerSettings settings() {
        AppEnv env = AppEnv.fromSystem();
        return QuarkusSettings.begin(model(), env, "Quarkus REST on virtual threads, Hibernate ORM with Panache")
                .threads(QuarkusSettings.onVirtualThreads(vertx))
                .database(FrameworkSettings.database(
                        env,
                        "Hibernate ORM with Panache on Agroal and pgjdbc",
                        FrameworkSettings.JDBC_STATEMENT_CACHE,
                        ServerSettings.Transactions.PER_STATEMENT,
                        "autocommit reads; BEGIN/COMMIT around each insert",
                        zipCodes.serverVersion()))
                .backendClient(FrameworkSettings.backendClient(
                        env,
                        "Quarkus REST client, blocking, on the Vert.x HTTP client",
                        Limit.of(backend.maxConnections())))
                .own("virtual_thread_routes", "/delay /backend /zipcodes /health")
                .own("event_loop_routes", "/plaintext /json /settings")
                .build();
    }
}
