package io.loadlab.servers.vertx;

import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;

/** {@code vertx}: Vert.x core HTTP server; waits are Vert.x timers, the core HTTP client and the reactive PG client. */
public final class VertxModel implements ServerModel {
    @Override
    public String name() {
        return "vertx";
    }

    @Override
    public String description() {
        return "Vert.x verticles, one per event loop (--event-loops); timers, HTTP client, reactive PostgreSQL client";
    }

    @Override
    public boolean blocking() {
        return false;
    }

    @Override
    public RunningServer start(ServerSpec spec) throws Exception {
        return VertxServer.start(spec);
    }
}
