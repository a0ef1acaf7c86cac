package io.loadlab.servers.blocking;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;
import java.util.List;
import java.util.function.Function;

/**
 * The four blocking-socket models: one codec ({@link HttpRequestReader}, {@link HttpResponseWriter}), one handler
 * ({@link BlockingHandler}), and a thread strategy each.
 */
public final class BlockingModel implements ServerModel {
    private final ConcurrencyModel model;
    private final Function<ServerSpec, BlockingServer> create;

    private BlockingModel(ConcurrencyModel model, Function<ServerSpec, BlockingServer> create) {
        this.model = model;
        this.create = create;
    }

    /** single-thread, thread-pool, thread-per-connection, virtual-threads — in the order help lists them. */
    public static List<ServerModel> all() {
        return List.of(
                new BlockingModel(ConcurrencyModel.SINGLE_THREAD, SingleThreadServer::new),
                new BlockingModel(ConcurrencyModel.THREAD_POOL, ThreadPoolServer::new),
                new BlockingModel(ConcurrencyModel.THREAD_PER_CONNECTION, ThreadPerConnectionServer::new),
                new BlockingModel(ConcurrencyModel.VIRTUAL_THREADS, VirtualThreadsServer::new));
    }

    @Override
    public ConcurrencyModel model() {
        return model;
    }

    @Override
    public RunningServer start(ServerSpec spec) {
        if (model != spec.model()) {
            throw new IllegalArgumentException("spec for model " + spec.model() + " given to " + model);
        }
        return create.apply(spec).start();
    }

    @Override
    public String toString() {
        return model.id();
    }
}
