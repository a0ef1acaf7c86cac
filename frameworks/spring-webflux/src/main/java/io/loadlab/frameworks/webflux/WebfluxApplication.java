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
 *
 * <p>Connections are accepted on a thread of their own ({@code reactor.netty.ioSelectCount=1}), the boss/worker split
 * of the {@code netty} model and of Vert.x. Reactor Netty's default accepts on one of the event loops that serve the
 * connections, at most 16 per turn of that loop: with the loops saturated (a cold JIT on one CPU, 1,000 connections on
 * {@code /backend}) a turn lasted long enough that most of a burst waited in the kernel's accept queue for tens of
 * seconds, unseen by the application and by its timeouts, while the connections already accepted were served.
 */
@SpringBootApplication
public class WebfluxApplication {
    public static final String EVENT_LOOPS = "LOADLAB_EVENT_LOOPS";

    /** Threads that accept connections, apart from the event loops that serve them. */
    static final int ACCEPTOR_THREADS = 1;

    public static void main(String[] args) {
        SpringLaunch.main(AppSettings.MODEL, WebfluxApplication::start);
    }

    /**
     * Runs the application configured by {@code env}; returns once it serves. Reactor Netty reads its loop count once
     * per process, when its loops are first made: a second application in the same JVM (a test) runs on the first's.
     */
    public static ConfigurableApplicationContext start(AppEnv env) {
        System.setProperty(ReactorNetty.IO_WORKER_COUNT, Integer.toString(env.eventLoops(EVENT_LOOPS)));
        System.setProperty(ReactorNetty.IO_SELECT_COUNT, Integer.toString(ACCEPTOR_THREADS));
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
