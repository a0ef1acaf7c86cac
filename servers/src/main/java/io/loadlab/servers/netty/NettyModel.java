package io.loadlab.servers.netty;

import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;

/** {@code netty}: Netty event loops; waits are scheduled tasks, an async client and the reactive database client. */
public final class NettyModel implements ServerModel {
    @Override
    public String name() {
        return "netty";
    }

    @Override
    public String description() {
        return "Netty event loops (--event-loops); timers, async backend client, reactive PostgreSQL client";
    }

    @Override
    public boolean blocking() {
        return false;
    }

    @Override
    public RunningServer start(ServerSpec spec) {
        return NettyServer.start(spec);
    }
}
