package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.spring.DatabaseProperties;
import io.loadlab.frameworks.spring.SpringLaunch;
import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts {@code spring-mvc-async} from the {@code LOADLAB_*} environment only (frameworks/README.md), plus {@link
 * MvcKnobs}: {@code LOADLAB_MAX_THREADS}, {@code LOADLAB_WORKER_THREADS}, {@code LOADLAB_MODE}.
 */
@SpringBootApplication
public class MvcApplication {
    /** The property that picks {@link AsyncRoutes} or {@link SyncRoutes}. */
    static final String MODE_PROPERTY = "loadlab.mode";

    public static void main(String[] args) {
        SpringLaunch.main(AppSettings.MODEL, MvcApplication::start);
    }

    /** Runs the application configured by {@code env}; returns once it serves. */
    public static ConfigurableApplicationContext start(AppEnv env) {
        MvcKnobs mvc = MvcKnobs.from(env);
        return SpringLaunch.run(MvcApplication.class, env, properties(env, mvc), mvc);
    }

    /**
     * Boot's properties: the common ones, the mode, the contract's Server header, every model's idle timeout (Jetty's
     * own default, set so that it stays so), the study's async timeout, the JDBC pool ({@link DatabaseProperties});
     * Jetty's threads stay Spring Boot's unless {@code LOADLAB_MAX_THREADS} is set.
     */
    static Map<String, Object> properties(AppEnv env, MvcKnobs mvc) {
        Map<String, Object> p = SpringLaunch.properties(env);
        p.put(MODE_PROPERTY, mvc.mode());
        p.put("server.server-header", ContractText.SERVER);
        p.put("server.jetty.connection-idle-timeout", env.idleTimeoutMillis() + "ms");
        if (mvc.maxThreads() > 0) {
            p.put("server.jetty.threads.max", mvc.maxThreads());
            p.put("server.jetty.threads.min", Math.min(8, mvc.maxThreads()));
        }
        p.put("spring.mvc.async.request-timeout", MvcKnobs.DEFERRED_TIMEOUT_MS + "ms");
        p.putAll(DatabaseProperties.jdbc(env));
        return p;
    }
}
