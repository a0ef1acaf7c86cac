package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.spring.DatabaseProperties;
import io.loadlab.frameworks.spring.SpringLaunch;
import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts {@code spring-mvc} from the {@code LOADLAB_*} environment only (frameworks/README.md), as every Spring model
 * starts ({@link SpringLaunch}); {@code LOADLAB_VIRTUAL=true} makes it {@code spring-mvc-virtual}, and {@code
 * LOADLAB_MAX_THREADS} sets Tomcat's request threads (default Spring Boot's, 200).
 */
@SpringBootApplication
public class SpringMvcApplication {
    public static void main(String[] args) {
        SpringLaunch.main("spring-mvc", SpringMvcApplication::start);
    }

    /** Runs the application configured by {@code env}; returns once it serves. */
    public static ConfigurableApplicationContext start(AppEnv env) {
        return SpringLaunch.run(SpringMvcApplication.class, env, properties(env));
    }

    /** The port {@code context}'s Tomcat listens on. */
    static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    /**
     * Boot's properties: the common ones, the contract's Server header, what every model runs alike (the accept
     * backlog, keep-alive without a cap on a connection's requests, where Tomcat's is 100, and the idle timeout),
     * virtual threads or Tomcat's threads, and HikariCP with the reference servers' pool and timeouts; the rest stays
     * Spring Boot's.
     */
    static Map<String, Object> properties(AppEnv env) {
        Map<String, Object> p = SpringLaunch.properties(env);
        p.put("server.server-header", ContractText.SERVER);
        p.put("server.tomcat.accept-count", env.backlog());
        p.put("server.tomcat.max-keep-alive-requests", -1);
        p.put("server.tomcat.keep-alive-timeout", env.idleTimeoutMillis() + "ms");
        // a body left unread (over the contract's 1 MiB: 413) closes the connection at once instead of being read
        p.put("server.tomcat.max-swallow-size", "0B");
        p.put("spring.threads.virtual.enabled", env.virtual());
        int maxThreads = env.integer("LOADLAB_MAX_THREADS", 0);
        if (maxThreads > 0) {
            p.put("server.tomcat.threads.max", maxThreads);
        }
        p.putAll(DatabaseProperties.jdbc(env));
        return p;
    }
}
