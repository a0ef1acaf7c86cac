package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.spring.BoundSettings;
import java.util.Map;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Jetty;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.springframework.boot.jetty.JettyWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /settings}: the common keys plus Jetty and its thread pool as it runs, the mode, the worker pool, the
 * backend client's connection limit and the database pool.
 */
@Component
class Settings extends BoundSettings {
    static final String MODEL = "spring-mvc-async";

    private final AppEnv env;
    private final MvcKnobs mvc;
    private final Backend backend;
    private final ZipCodes zipCodes;

    Settings(AppEnv env, MvcKnobs mvc, Backend backend, ZipCodes zipCodes, JsonMapper json) {
        super(MODEL, "Spring MVC", env, json);
        this.env = env;
        this.mvc = mvc;
        this.backend = backend;
        this.zipCodes = zipCodes;
    }

    @Override
    protected void add(Map<String, Object> s, WebServer web) {
        s.put("server", "Jetty " + Jetty.VERSION);
        if (web instanceof JettyWebServer jetty) {
            Server server = jetty.getServer();
            if (server.getThreadPool() instanceof QueuedThreadPool threads) {
                s.put("max_threads", threads.getMaxThreads());
                s.put("min_threads", threads.getMinThreads());
            }
            for (Connector c : server.getConnectors()) {
                if (c instanceof ServerConnector sc) {
                    s.put("acceptors", sc.getAcceptors());
                    s.put("selectors", sc.getSelectorManager().getSelectorCount());
                    s.put("backlog", sc.getAcceptQueueSize() > 0 ? sc.getAcceptQueueSize() : JettySetup.JDK_BACKLOG);
                }
            }
        }
        s.put("mode", mvc.mode());
        s.put("worker_threads", mvc.workerThreads());
        s.put("worker_queue", MvcKnobs.WORKER_QUEUE);
        s.put("worker_rejection", "caller-runs");
        s.put("deferred_result_timeout_ms", MvcKnobs.DEFERRED_TIMEOUT_MS);
        s.putAll(backend(env, "RestClient on Jetty HttpClient, blocking", backend.maxConnections()));
        s.putAll(database(env, "jdbc + HikariCP (Spring JdbcTemplate)", zipCodes.serverVersion()));
    }
}
