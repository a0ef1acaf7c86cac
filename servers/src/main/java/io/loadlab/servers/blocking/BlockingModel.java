package io.loadlab.servers.blocking;

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
    private final String name;
    private final String description;
    private final Function<ServerSpec, BlockingServer> create;

    private BlockingModel(String name, String description, Function<ServerSpec, BlockingServer> create) {
        this.name = name;
        this.description = description;
        this.create = create;
    }

    /** single-thread, thread-pool, thread-per-connection, virtual-threads — in the order help lists them. */
    public static List<ServerModel> all() {
        return List.of(
                new BlockingModel(
                        "single-thread",
                        "one thread accepts and serves one keep-alive connection at a time; blocks on every wait",
                        SingleThreadServer::new),
                new BlockingModel(
                        "thread-pool",
                        "fixed pool (--threads) serving a whole keep-alive connection per task, bounded queue"
                                + " (--queue); queue full -> immediate 503 + Connection: close",
                        ThreadPoolServer::new),
                new BlockingModel(
                        "thread-per-connection",
                        "a new platform thread per connection (--stack-size), unbounded; blocks on every wait",
                        ThreadPerConnectionServer::new),
                new BlockingModel(
                        "virtual-threads",
                        "the thread-per-connection code on a virtual thread per connection; waits unmount",
                        VirtualThreadsServer::new));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public RunningServer start(ServerSpec spec) {
        if (!name.equals(spec.model())) {
            throw new IllegalArgumentException("spec for model " + spec.model() + " given to " + name);
        }
        return create.apply(spec).start();
    }

    @Override
    public String toString() {
        return name;
    }
}
