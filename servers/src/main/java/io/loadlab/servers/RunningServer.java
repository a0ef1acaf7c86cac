package io.loadlab.servers;

import io.loadlab.core.settings.ServerSettings;

/** A started server. {@link #close()} stops it gracefully: no new connections, in-flight requests finish. */
public interface RunningServer extends AutoCloseable {
    /** The bound port (the real one when the spec asked for 0), as {@link #settings()} announce it. */
    default int port() {
        return settings().port();
    }

    /**
     * The model's effective settings, as the settings record every model announces: where it listens, its threads,
     * pools and clients as it really runs them, its JVM. Printed as one JSON line at start and served at
     * {@code GET /settings}.
     */
    ServerSettings settings();

    @Override
    void close();
}
