package io.loadlab.frameworks.springmvc;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.common.TomcatSettings;
import io.loadlab.frameworks.spring.BoundSettings;
import io.loadlab.frameworks.spring.DatabaseProperties;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.stereotype.Component;

/**
 * {@code /settings}: what Tomcat's connector runs with (backlog, keep-alive, its request threads or a virtual thread
 * per request, read back from it), the backend client's pool and the database, as the running application has them.
 */
@Component
class AppSettings extends BoundSettings {
    private final AppEnv env;
    private final BackendClient backend;
    private final ZipCodes zipCodes;

    AppSettings(AppEnv env, BackendClient backend, ZipCodes zipCodes) {
        super(model(env), "Spring MVC", env);
        this.env = env;
        this.backend = backend;
        this.zipCodes = zipCodes;
    }

    /** {@code spring-mvc}, or {@code spring-mvc-virtual} on virtual threads. */
    static String model(AppEnv env) {
        return env.virtual() ? "spring-mvc-virtual" : "spring-mvc";
    }

    @Override
    protected ServerSettings.Builder complete(ServerSettings.Builder b, WebServer server) {
        b.software(framework(), TomcatSettings.server());
        return TomcatSettings.connector(b, ((TomcatWebServer) server).getTomcat().getConnector())
                .database(DatabaseProperties.jdbcSettings(env, zipCodes.serverVersion()))
                .backendClient(FrameworkSettings.backendClient(
                        env, BackendClient.CLIENT, Limit.of(backend.maxConnections())))
                .own("backend_queue", BackendClient.QUEUE);
    }
}
