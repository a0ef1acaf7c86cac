package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.JvmSettings;
import java.util.Map;
import java.util.concurrent.Executor;
import javax.sql.DataSource;
import org.apache.catalina.util.ServerInfo;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.core.SpringVersion;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@code /settings} reports, read from the running application: the reference servers' keys (model, host, port,
 * pid, JVM, database pool, backend connections) and the framework's own (Spring Boot and Spring MVC versions, Tomcat's
 * version and request threads, or virtual threads).
 */
@Component
class AppSettings {
    private final AppEnv env;
    private final WebServerApplicationContext context;
    private final BackendClient backend;
    private final ObjectProvider<DataSource> dataSource;
    private final JsonMapper json;

    AppSettings(
            AppEnv env,
            WebServerApplicationContext context,
            BackendClient backend,
            ObjectProvider<DataSource> dataSource,
            JsonMapper json) {
        this.env = env;
        this.context = context;
        this.backend = backend;
        this.dataSource = dataSource;
        this.json = json;
    }

    String model() {
        return env.virtual() ? "spring-mvc-virtual" : "spring-mvc";
    }

    String host() {
        return env.host();
    }

    int port() {
        return context.getWebServer().getPort();
    }

    Map<String, Object> settings() {
        Map<String, Object> s = JvmSettings.base(model(), host(), port());
        s.put("framework", "Spring Boot " + SpringBootVersion.getVersion() + ", Spring MVC " + SpringVersion.getVersion());
        s.put("server", ServerInfo.getServerInfo().replace("Apache Tomcat/", "Tomcat "));
        Executor executor = ((TomcatWebServer) context.getWebServer())
                .getTomcat()
                .getConnector()
                .getProtocolHandler()
                .getExecutor();
        s.put("max_threads", executor instanceof ThreadPoolExecutor pool ? pool.getMaximumPoolSize() : "virtual");
        s.put("virtual_threads", env.virtual());
        if (dataSource.getIfAvailable() instanceof com.zaxxer.hikari.HikariDataSource hikari) {
            s.put("db_pool", hikari.getMaximumPoolSize());
            s.put("db_client", "JdbcTemplate on HikariCP");
        }
        if (backend.configured()) {
            s.put("backend_url", backend.base().toString());
            s.put("backend_client", "RestClient on Apache HttpClient 5, blocking");
            s.put("backend_max_connections", backend.maxConnections());
        }
        return s;
    }

    /** The settings as one line of JSON. */
    String json() {
        return json.writeValueAsString(settings());
    }
}
