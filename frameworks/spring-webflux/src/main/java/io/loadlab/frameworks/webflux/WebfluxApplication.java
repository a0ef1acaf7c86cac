package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.DbTarget;
import io.loadlab.frameworks.spring.SpringLaunch;
import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts {@code spring-webflux} from the {@code LOADLAB_*} environment only (frameworks/README.md), plus {@code
 * LOADLAB_EVENT_LOOPS}: Reactor Netty's event loops, shared by the server, WebClient and R2DBC (default Reactor
 * Netty's own, {@code max(4, CPUs)}).
 */
@SpringBootApplication
public class WebfluxApplication {
    public static final String EVENT_LOOPS = "LOADLAB_EVENT_LOOPS";

    public static void main(String[] args) {
        SpringLaunch.main(Settings.MODEL, WebfluxApplication::start);
    }

    /** Runs the application configured by {@code env}; returns once it serves. */
    public static ConfigurableApplicationContext start(AppEnv env) {
        int loops = env.integer(EVENT_LOOPS, 0);
        if (loops > 0) {
            System.setProperty("reactor.netty.ioWorkerCount", Integer.toString(loops));
        }
        return SpringLaunch.run(WebfluxApplication.class, env, properties(env));
    }

    /** Boot's properties: the common ones, Reactor Netty's request line as long as the headers, the R2DBC pool. */
    static Map<String, Object> properties(AppEnv env) {
        Map<String, Object> p = SpringLaunch.properties(env);
        p.put("server.netty.max-initial-line-length", "8KB");
        p.put("spring.reactor.netty.shutdown-quiet-period", "0s");
        DbTarget db = env.db();
        if (db == null) {
            p.put("spring.autoconfigure.exclude", R2dbcAutoConfiguration.class.getName());
            return p;
        }
        // r2dbc-postgresql spells the TLS option sslMode; require encrypts without checking the certificate
        p.put("spring.r2dbc.url", db.jdbcUrl().replaceFirst("^jdbc:", "r2dbc:").replace("?sslmode=", "?sslMode=")
                + "&connectTimeout=PT10S");
        if (db.user() != null) {
            p.put("spring.r2dbc.username", db.user());
        }
        if (db.password() != null) {
            p.put("spring.r2dbc.password", db.password());
        }
        // as the reference servers: the pool's connections all open, a connection or a connect waits at most 10 s
        p.put("spring.r2dbc.pool.initial-size", env.dbPool());
        p.put("spring.r2dbc.pool.max-size", env.dbPool());
        p.put("spring.r2dbc.pool.max-acquire-time", "10s");
        p.put("spring.r2dbc.pool.max-create-connection-time", "10s");
        return p;
    }
}
