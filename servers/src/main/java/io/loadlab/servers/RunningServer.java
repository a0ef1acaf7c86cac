package io.loadlab.servers;

import java.util.Map;

/** A started server. {@link #close()} stops it gracefully: no new connections, in-flight requests finish. */
public interface RunningServer extends AutoCloseable {
    /** The bound port (the real one when the spec asked for 0), as {@link #settings()} announce it. */
    default int port() {
        return ((Number) settings().get("port")).intValue();
    }

    /**
     * The model's effective settings: at least {@code model}, {@code host}, {@code port}, the threads, pools, queues
     * and event loops it really uses. Printed as one JSON line at start and served at {@code GET /settings}.
     */
    Map<String, Object> settings();

    @Override
    void close();
}
