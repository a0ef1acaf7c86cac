package io.loadlab.servers;

import io.loadlab.core.model.ConcurrencyModel;

/** One concurrency model's reference server: which model of the catalog it is, and how to start it. */
public interface ServerModel {
    ConcurrencyModel model();

    /** The model's kebab-case name, e.g. {@code thread-pool}. */
    default String name() {
        return model().id();
    }

    default String description() {
        return model().description();
    }

    /**
     * Starts the server and returns once it accepts connections.
     *
     * @throws io.loadlab.core.UserError when the port is in use or a configured dependency is unreachable
     */
    RunningServer start(ServerSpec spec) throws Exception;
}
