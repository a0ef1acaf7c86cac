package io.loadlab.servers.netty;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;

/** {@code netty}: Netty event loops; waits are scheduled tasks, an async client and the reactive database client. */
public final class NettyModel implements ServerModel {
    @Override
    public ConcurrencyModel model() {
        return ConcurrencyModel.NETTY;
    }

    @Override
    public RunningServer start(ServerSpec spec) {
        return NettyServer.start(spec);
    }
}
