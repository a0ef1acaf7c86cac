package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.spring.BoundSettings;
import java.util.Map;
import org.springframework.boot.web.server.WebServer;
import org.springframework.stereotype.Component;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.LoopResources;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /settings}: the common keys plus Reactor Netty and its event loops (shared by the server, WebClient and
 * R2DBC), the timer, the backend client's connection limit and the database pool.
 */
@Component
class Settings extends BoundSettings {
    static final String MODEL = "spring-webflux";

    private final AppEnv env;
    private final Backend backend;
    private final ZipCodes zipCodes;

    Settings(AppEnv env, Backend backend, ZipCodes zipCodes, JsonMapper json) {
        super(MODEL, "Spring WebFlux", env, json);
        this.env = env;
        this.backend = backend;
        this.zipCodes = zipCodes;
    }

    @Override
    protected void add(Map<String, Object> s, WebServer server) {
        s.put("server", "Reactor Netty " + HttpServer.class.getPackage().getImplementationVersion());
        s.put("event_loops", LoopResources.DEFAULT_IO_WORKER_COUNT);
        s.put("backlog", ServerSetup.backlog(env));
        s.put("timer", "Reactor's parallel scheduler (Mono.delay)");
        s.putAll(backend(env, "WebClient on Reactor Netty, keep-alive pool", backend.maxConnections()));
        s.putAll(database(env, "r2dbc-postgresql + r2dbc-pool (Spring DatabaseClient)", zipCodes.serverVersion()));
    }
}
