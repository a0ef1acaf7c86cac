package io.loadlab.servers;

/** One concurrency model: its kebab-case name, a one-line description for {@code --help}, and how to start it. */
public interface ServerModel {
    String name();

    String description();

    /** True when the model waits by blocking a thread (sleep, blocking client, JDBC). */
    boolean blocking();

    /**
     * Starts the server and returns once it accepts connections.
     *
     * @throws io.loadlab.core.UserError when the port is in use or a configured dependency is unreachable
     */
    RunningServer start(ServerSpec spec) throws Exception;
}
