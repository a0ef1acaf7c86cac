package io.loadlab.frameworks.quarkus.broken;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.quarkus.AppSettings;
import io.loadlab.frameworks.quarkus.QuarkusSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/** {@code quarkus-broken}'s settings: {@code quarkus-reactive}'s, under its own name. */
@ApplicationScoped
public class BrokenSettings implements AppSettings {
    @Inject
    Backend backend;

    @Override
    public String model() {
        return "quarkus-broken";
    }

    static boolean databaseConfigured() {
        return ConfigProvider.getConfig().getOptionalValue("quarkus.datasource.active", Boolean.class).orElse(false);
    }

    @Override
    public List<Class<?>> resources() {
        return List.of(ContractResource.class, ZipCodes.class);
    }

    @Override
    public Map<String, Object> settings(int port) {
        AppEnv env = AppEnv.fromSystem();
        Map<String, Object> s = QuarkusSettings.base(model(), env, port);
        if (databaseConfigured()) {
            s.put("db_pool", ConfigProvider.getConfig()
                    .getOptionalValue("quarkus.datasource.reactive.max-size", Integer.class).orElse(20));
            s.put("db_client", "Hibernate Reactive with Panache on the Vert.x PostgreSQL client, POST under JTA @Transactional");
        }
        if (backend.configured()) {
            s.put("backend_url", backend.base().toString());
            s.put("backend_client", "Quarkus REST client, reactive");
            s.put("backend_max_connections", backend.maxConnections());
        }
        return s;
    }
}
