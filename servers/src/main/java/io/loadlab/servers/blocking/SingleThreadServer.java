package io.loadlab.servers.blocking;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.servers.ServerSpec;

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
    void modelSettings(ServerSettings.Builder b) {
        b.threads(new ServerSettings.Threads("single-thread", Limit.of(1), 0, 0, Limit.of(0)))
                .own("accept", "the serving thread itself");
    }
}
