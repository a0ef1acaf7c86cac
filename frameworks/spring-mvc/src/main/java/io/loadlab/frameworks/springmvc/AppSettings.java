package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.spring.BoundSettings;
import java.util.Map;
import java.util.concurrent.Executor;
import org.apache.catalina.util.ServerInfo;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /settings}: the common keys plus Tomcat's version and request threads (a number, or {@code virtual}), the
 * backend client's connection limit and the database pool, read from the running application.
 */
@Component
class AppSettings extends BoundSettings {
    private final AppEnv env;
    private final BackendClient backend;
    private final ZipCodes zipCodes;

    AppSettings(AppEnv env, BackendClient backend, ZipCodes zipCodes, JsonMapper json) {
        super(model(env), "Spring MVC", env, json);
        this.env = env;
        this.backend = backend;
        this.zipCodes = zipCodes;
    }

    /** {@code spring-mvc}, or {@code spring-mvc-virtual} on virtual threads. */
    static String model(AppEnv env) {
        return env.virtual() ? "spring-mvc-virtual" : "spring-mvc";
    }

    @Override
    protected void add(Map<String, Object> s, WebServer server) {
        s.put("server", ServerInfo.getServerInfo().replace("Apache Tomcat/", "Tomcat "));
        Executor executor = ((TomcatWebServer) server)
                .getTomcat()
                .getConnector()
                .getProtocolHandler()
                .getExecutor();
        s.put("max_threads", executor instanceof ThreadPoolExecutor pool ? pool.getMaximumPoolSize() : "virtual");
        s.put("virtual_threads", env.virtual());
        s.putAll(backend(env, "RestClient on Apache HttpClient 5, blocking", backend.maxConnections()));
        s.putAll(database(env, "JdbcTemplate on HikariCP", zipCodes.serverVersion()));
    }
}
