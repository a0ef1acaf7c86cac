package io.loadlab.servers.vertx;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;

/** {@code vertx}: Vert.x core HTTP server; waits are Vert.x timers, the core HTTP client and the reactive PG client. */
public final class VertxModel implements ServerModel {
    @Override
    public ConcurrencyModel model() {
        return ConcurrencyModel.VERTX;
    }

    @Override
    public RunningServer start(ServerSpec spec) throws Exception {
        return VertxServer.start(spec);
    }
}
