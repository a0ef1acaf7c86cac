package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.spring.DatabaseProperties;
import io.loadlab.frameworks.spring.SpringLaunch;
import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
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

    /**
     * Boot's properties: the common ones, Reactor Netty's request line as long as the headers, no quiet period when
     * it stops, the R2DBC pool ({@link DatabaseProperties}).
     */
    static Map<String, Object> properties(AppEnv env) {
        Map<String, Object> p = SpringLaunch.properties(env);
        p.put("server.netty.max-initial-line-length", "8KB");
        p.put("spring.reactor.netty.shutdown-quiet-period", "0s");
        p.putAll(DatabaseProperties.r2dbc(env));
        return p;
    }
}
