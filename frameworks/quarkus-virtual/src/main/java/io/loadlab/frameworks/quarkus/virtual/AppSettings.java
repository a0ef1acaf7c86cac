package io.loadlab.frameworks.quarkus.virtual;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.quarkus.AppSettings;
import io.loadlab.frameworks.quarkus.QuarkusSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/** {@code quarkus-virtual}'s settings: the common ones, virtual threads, its JDBC pool and its REST client. */
@ApplicationScoped
public class VirtualSettings implements AppSettings {
    @Inject
    Backend backend;

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
    public Map<String, Object> settings(int port) {
        AppEnv env = AppEnv.fromSystem();
        Map<String, Object> s = QuarkusSettings.base(model(), env, port);
        s.put("max_threads", "virtual");
        s.put("virtual_threads", true);
        if (databaseConfigured()) {
            s.put("db_pool", ConfigProvider.getConfig()
                    .getOptionalValue("quarkus.datasource.jdbc.max-size", Integer.class).orElse(20));
            s.put("db_client", "Hibernate ORM with Panache on Agroal");
        }
        if (backend.configured()) {
            s.put("backend_url", backend.base().toString());
            s.put("backend_client", "Quarkus REST client, blocking");
            s.put("backend_max_connections", backend.maxConnections());
        }
        return s;
    }
}
