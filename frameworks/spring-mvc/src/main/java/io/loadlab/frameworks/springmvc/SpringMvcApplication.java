package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.DbTarget;
import io.loadlab.frameworks.common.Reasons;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts the application from {@code LOADLAB_*} environment variables only (see frameworks/README.md), prints its
 * settings as one JSON line on stdout when it listens, as {@code loadlab serve} does, and stops gracefully on SIGTERM.
 * A bad variable (exit 2) or a failed start (exit 1, e.g. an unusable PostgreSQL) is one line on stderr.
 */
@SpringBootApplication
public class SpringMvcApplication {
    public static void main(String[] args) {
        AppEnv env = AppEnv.fromSystem();
        ConfigurableApplicationContext context;
        try {
            context = start(env);
        } catch (IllegalArgumentException e) {
            System.err.println("loadlab spring-mvc: " + e.getMessage());
            System.exit(2);
            return;
        } catch (RuntimeException e) {
            System.err.println("loadlab spring-mvc: " + Reasons.startFailure(e, env));
            System.exit(1);
            return;
        }
        AppSettings settings = context.getBean(AppSettings.class);
        System.out.println(settings.json());
        System.err.println("loadlab spring-mvc: " + settings.model() + " listening on http://" + settings.host() + ":"
                + settings.port());
    }

    /** Runs the application configured by {@code env}; returns once it serves. */
    public static ConfigurableApplicationContext start(AppEnv env) {
        SpringApplication app = new SpringApplication(SpringMvcApplication.class);
        app.setBannerMode(Banner.Mode.OFF);
        app.setLogStartupInfo(false);
        app.setRegisterShutdownHook(true);
        app.setDefaultProperties(properties(env));
        app.addInitializers(c -> c.getBeanFactory().registerSingleton("appEnv", env));
        return app.run();
    }

    /** The port {@code context}'s Tomcat listens on. */
    static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    /**
     * Spring Boot's properties from the environment: only what loadlab fixes (address, the contract's Server header,
     * quiet logs, a bounded graceful stop, the database's timeouts as the reference servers'); the threads stay
     * Spring Boot's unless {@code LOADLAB_MAX_THREADS} is set.
     */
    static Map<String, Object> properties(AppEnv env) {
        Map<String, Object> p = new HashMap<>();
        p.put("server.address", env.host());
        p.put("server.port", env.port());
        p.put("server.server-header", "loadlab");
        p.put("server.shutdown", "graceful");
        p.put("spring.lifecycle.timeout-per-shutdown-phase", "4s");
        // a body left unread (over the contract's 1 MiB: 413) closes the connection at once instead of being read
        p.put("server.tomcat.max-swallow-size", "0B");
        p.put("spring.web.resources.add-mappings", false);
        p.put("spring.threads.virtual.enabled", env.virtual());
        p.put("logging.level.root", "WARN");
        // a failed start is one line from main, not Spring Boot's report and stack trace
        p.put("logging.level.org.springframework.boot.SpringApplication", "OFF");
        p.put("logging.level.org.springframework.boot.diagnostics", "OFF");
        p.put("logging.level.org.springframework.boot.web.server.servlet.context", "ERROR");
        int maxThreads = env.integer("LOADLAB_MAX_THREADS", 0);
        if (maxThreads > 0) {
            p.put("server.tomcat.threads.max", maxThreads);
        }
        DbTarget db = env.db();
        if (db == null) {
            p.put("spring.autoconfigure.exclude", DataSourceAutoConfiguration.class.getName());
        } else {
            p.put("spring.datasource.url", db.jdbcUrl());
            if (db.user() != null) {
                p.put("spring.datasource.username", db.user());
            }
            if (db.password() != null) {
                p.put("spring.datasource.password", db.password());
            }
            p.put("spring.datasource.hikari.pool-name", "loadlab-db");
            p.put("spring.datasource.hikari.maximum-pool-size", env.dbPool());
            p.put("spring.datasource.hikari.minimum-idle", env.dbPool());
            // as the reference servers: a pooled connection, a connect, a statement each wait at most 10 s
            p.put("spring.datasource.hikari.connection-timeout", 10_000);
            p.put("spring.datasource.hikari.data-source-properties.connectTimeout", 10);
            p.put("spring.datasource.hikari.data-source-properties.socketTimeout", 10);
            p.put("spring.datasource.hikari.data-source-properties.ApplicationName", "loadlab");
        }
        return p;
    }
}
