package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.quarkus.AppSettings;
import io.loadlab.frameworks.quarkus.QuarkusSettings;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The settings of an application on this stack: the common ones, its database pool and its REST client. Each
 * application's bean names its model, its database client and its {@code /zipcodes} resource.
 */
public abstract class ReactiveSettings implements AppSettings {
    private final String model;
    private final String dbClient;
    private final Class<? extends ZipCodeReads> zipCodes;

    @Inject
    Backend backend;

    protected ReactiveSettings(String model, String dbClient, Class<? extends ZipCodeReads> zipCodes) {
        this.model = model;
        this.dbClient = dbClient;
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

    @Override
    public Map<String, Object> settings(int port) {
        Map<String, Object> s = QuarkusSettings.base(model, AppEnv.fromSystem(), port);
        if (ReactiveDatabase.configuredByEnv()) {
            s.put("db_pool", ConfigProvider.getConfig()
                    .getOptionalValue("quarkus.datasource.reactive.max-size", Integer.class).orElse(20));
            s.put("db_client", dbClient);
        }
        if (backend.configured()) {
            s.put("backend_url", backend.base().toString());
            s.put("backend_client", "Quarkus REST client, reactive");
            s.put("backend_max_connections", backend.maxConnections());
        }
        return s;
    }
}
