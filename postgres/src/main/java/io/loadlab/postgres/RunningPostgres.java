package io.loadlab.postgres;

import java.util.Map;

/** A started PostgreSQL server. Thread-safe; {@link #close} is idempotent. */
public interface RunningPostgres extends AutoCloseable {
    /** PID of the postmaster. */
    long pid();

    String host();

    int port();

    String database();

    String user();

    String password();

    /** {@code jdbc:postgresql://HOST:PORT/DATABASE}. */
    default String jdbcUrl() {
        return "jdbc:postgresql://" + host() + ":" + port() + "/" + database();
    }

    /** {@code postgresql://USER:PASSWORD@HOST:PORT/DATABASE}, as {@code --db-url} accepts it. */
    default String uri() {
        return "postgresql://" + user() + ":" + password() + "@" + host() + ":" + port() + "/" + database();
    }

    /** Effective server settings of interest: version, fsync, shared_buffers, max_connections, the OS user, ... */
    Map<String, String> settings();

    /** The postmaster's exit status once it has exited (128 + N for a signal N), else null. */
    Integer exitStatus();

    /**
     * Starts the server again where it was, on its data and its port, after its postmaster died (a crash, a kill):
     * PostgreSQL's own recovery replays its WAL, as after a restart or a failover. Blocks until it accepts connections;
     * an {@link java.io.IOException} when it cannot.
     */
    void restart() throws java.io.IOException;

    /** Fast shutdown (SIGINT) of the postmaster, SIGKILL after 10 s, then deletes a temporary work directory. */
    @Override
    void close();
}
