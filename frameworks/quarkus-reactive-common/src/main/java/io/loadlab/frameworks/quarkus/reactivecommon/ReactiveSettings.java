package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.quarkus.QuarkusApp;
import io.loadlab.frameworks.quarkus.QuarkusSettings;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.util.List;

/**
 * What the settings of the applications on this stack share: Quarkus' part ({@link QuarkusSettings}), the software,
 * the REST client and its connection bound. Each application's {@code AppSettings} adds its threads and how its
 * routes use the database, in which the study's two applications differ.
 */
public abstract class ReactiveSettings implements QuarkusApp {
    /** The database client both applications configure. */
    protected static final String DB_CLIENT = "Hibernate Reactive with Panache on the Vert.x PostgreSQL client";

    private final String model;
    private final Class<? extends ZipCodeReads> zipCodes;

    @Inject
    protected Vertx vertx;

    @Inject
    protected ReactiveDatabase database;

    @Inject
    BackendClient backend;

    protected ReactiveSettings(String model, Class<? extends ZipCodeReads> zipCodes) {
        this.model = model;
        this.zipCodes = zipCodes;
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public List<Class<?>> resources() {
        return List.of(ContractResource.class, zipCodes);
    }

    /** The settings both applications report alike. */
    protected ServerSettings.Builder common(AppEnv env) {
        return QuarkusSettings.begin(model, env, "Quarkus REST, Mutiny, Hibernate Reactive with Panache")
                .backendClient(FrameworkSettings.backendClient(
                        env,
                        "Quarkus REST client, reactive, on the Vert.x HTTP client",
                        Limit.of(backend.maxConnections())));
    }
}
