package io.loadlab.frameworks.mvcasync;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.spring.BoundSettings;
import io.loadlab.frameworks.spring.DatabaseProperties;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Jetty;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.springframework.boot.jetty.JettyWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.stereotype.Component;

/**
 * {@code /settings}, read back from the running Jetty: its connector's backlog and idle timeout (Jetty caps no
 * connection's requests), its thread pool less the threads its acceptors and selectors take from it for good (the
 * rest run requests, its reserved threads included), the worker pool that blocks, the backend client's connection
 * limit and the database.
 */
@Component
class AppSettings extends BoundSettings {
    static final String MODEL = "spring-mvc-async";

    private final AppEnv env;
    private final MvcKnobs mvc;
    private final BackendClient backend;
    private final ZipCodes zipCodes;

    AppSettings(AppEnv env, MvcKnobs mvc, BackendClient backend, ZipCodes zipCodes) {
        super(MODEL, "Spring MVC", env);
        this.env = env;
        this.mvc = mvc;
        this.backend = backend;
        this.zipCodes = zipCodes;
    }

    @Override
    protected ServerSettings.Builder complete(ServerSettings.Builder b, WebServer web) {
        Server server = ((JettyWebServer) web).getServer();
        ServerConnector connector = (ServerConnector) server.getConnectors()[0];
        QueuedThreadPool pool = (QueuedThreadPool) server.getThreadPool();
        int io = connector.getAcceptors() + connector.getSelectorManager().getSelectorCount();
        b.software(framework(), "Jetty " + Jetty.VERSION)
                .backlog(connector.getAcceptQueueSize())
                .keepAlive(Limit.UNLIMITED, Limit.of(connector.getIdleTimeout()))
                .threads(new ServerSettings.Threads(
                        "pool",
                        Limit.of(pool.getMaxThreads() - io),
                        0,
                        io,
                        Limit.of(mvc.workerThreads())))
                .database(DatabaseProperties.jdbcSettings(env, zipCodes.serverVersion()))
                .backendClient(FrameworkSettings.backendClient(
                        env, BackendClient.CLIENT, Limit.of(backend.maxConnections())))
                .own("mode", mvc.mode())
                .own("worker_queue", MvcKnobs.WORKER_QUEUE + ", caller-runs past it")
                .own("backend_queue", BackendClient.QUEUE);
        if (!mvc.sync()) {
            b.own("deferred_result_timeout_ms", MvcKnobs.DEFERRED_TIMEOUT_MS);
        }
        return b;
    }
}
