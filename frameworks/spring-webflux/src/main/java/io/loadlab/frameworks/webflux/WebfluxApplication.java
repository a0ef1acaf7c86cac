package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.spring.DatabaseProperties;
import io.loadlab.frameworks.spring.SpringLaunch;
import java.util.Map;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import reactor.netty.ReactorNetty;

/**
 * Starts {@code spring-webflux} from the {@code LOADLAB_*} environment only (frameworks/README.md), plus {@code
 * LOADLAB_EVENT_LOOPS}: Reactor Netty's event loops ({@code reactor.netty.ioWorkerCount}), one per usable CPU by
 * default as every event-loop model, where Reactor Netty's own default, {@code max(4, CPUs)}, runs 4 loops taking
 * turns even on one pinned core.
 */
@SpringBootApplication
public class WebfluxApplication {
    public static final String EVENT_LOOPS = "LOADLAB_EVENT_LOOPS";

    public static void main(String[] args) {
        SpringLaunch.main(AppSettings.MODEL, WebfluxApplication::start);
    }

    /**
     * Runs the application configured by {@code env}; returns once it serves. Reactor Netty reads its loop count once
     * per process, when its loops are first made: a second application in the same JVM (a test) runs on the first's.
     */
    public static ConfigurableApplicationContext start(AppEnv env) {
        System.setProperty(ReactorNetty.IO_WORKER_COUNT, Integer.toString(env.eventLoops(EVENT_LOOPS)));
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
