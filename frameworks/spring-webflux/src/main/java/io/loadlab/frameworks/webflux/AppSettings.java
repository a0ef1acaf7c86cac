package io.loadlab.frameworks.webflux;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.spring.BoundSettings;
import io.loadlab.frameworks.spring.DatabaseProperties;
import io.netty.channel.ChannelOption;
import io.netty.util.Version;
import java.time.Duration;
import org.springframework.boot.web.server.WebServer;
import org.springframework.stereotype.Component;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerConfig;
import reactor.netty.resources.LoopResources;

/**
 * {@code /settings}: what Reactor Netty's server was built with (backlog, idle timeout, requests per connection), its
 * event loops, which run every handler (Reactor Netty's global {@code reactor-http} loops, as many as {@code
 * reactor.netty.ioWorkerCount} asks, shared with WebClient), the backend client's pool and the database. Two more
 * sets of threads run parts of a request and have no field of their own: R2DBC's connections run on Reactor Netty's
 * {@code reactor-tcp} loops (as many again, r2dbc-postgresql's default), where a query's continuation runs, and {@code
 * Mono.delay} fires on Reactor's parallel scheduler.
 */
@Component
class AppSettings extends BoundSettings {
    static final String MODEL = "spring-webflux";

    private final AppEnv env;
    private final BackendClient backend;
    private final ZipCodes zipCodes;
    private final ServerSetup setup;

    AppSettings(AppEnv env, BackendClient backend, ZipCodes zipCodes, ServerSetup setup) {
        super(MODEL, "Spring WebFlux", env);
        this.env = env;
        this.backend = backend;
        this.zipCodes = zipCodes;
        this.setup = setup;
    }

    @Override
    protected ServerSettings.Builder complete(ServerSettings.Builder b, WebServer web) {
        HttpServerConfig server = setup.server();
        Duration idle = server.idleTimeout();
        int loops = LoopResources.DEFAULT_IO_WORKER_COUNT;
        return b.software(framework(), "Reactor Netty " + HttpServer.class.getPackage().getImplementationVersion()
                        + ", Netty " + Version.identify().get("netty-common").artifactVersion())
                .backlog((Integer) server.options().get(ChannelOption.SO_BACKLOG))
                .keepAlive(
                        server.maxKeepAliveRequests() < 0 ? Limit.UNLIMITED : Limit.of(server.maxKeepAliveRequests()),
                        idle == null ? Limit.UNLIMITED : Limit.of(idle.toMillis()))
                .threads(new ServerSettings.Threads(
                        "event-loop",
                        Limit.of(loops),
                        loops,
                        Math.max(0, LoopResources.DEFAULT_IO_SELECT_COUNT),
                        Limit.of(0)))
                .database(DatabaseProperties.r2dbcSettings(env, zipCodes.serverVersion()))
                .backendClient(FrameworkSettings.backendClient(
                        env, BackendClient.CLIENT, Limit.of(backend.maxConnections())))
                .own("backend_queue", BackendClient.QUEUE)
                .own("database_event_loops", loops)
                .own("timer_threads", Schedulers.DEFAULT_POOL_SIZE);
    }
}
