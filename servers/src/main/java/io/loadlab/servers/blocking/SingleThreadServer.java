package io.loadlab.servers.blocking;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.servers.ServerSpec;
import java.util.Map;

/**
 * One thread accepts a connection and serves it until it closes, then accepts the next (the RxJava book's
 * SingleThread server): every other client waits in the accept backlog, and a slow request stalls them all.
 */
final class SingleThreadServer extends BlockingServer {
    SingleThreadServer(ServerSpec spec) {
        super(spec);
    }

    @Override
    Thread acceptThread(Runnable loop) {
        return Thread.ofPlatform().name(ConcurrencyModel.SINGLE_THREAD.id()).unstarted(loop);
    }

    @Override
    void dispatch(BlockingConnection c) {
        c.run();
    }

    @Override
    int backendMaxIdle() {
        return 1;
    }

    @Override
    Map<String, Object> modelSettings() {
        return map("threads", 1, "accept", "the serving thread itself", "connection_per_thread", true);
    }
}
