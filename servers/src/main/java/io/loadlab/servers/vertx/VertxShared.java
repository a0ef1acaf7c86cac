package io.loadlab.servers.vertx;

import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.domain.AsyncZipCodeStore;
import io.vertx.core.buffer.Buffer;

/**
 * What every verticle instance shares: the spec, the reactive store (thread-safe, one pool for the server), the
 * settings JSON (set once the port is known, before the first request) and the stopping flag.
 */
final class VertxShared {
    private final ServerSpec spec;
    private final AsyncZipCodeStore store;
    private volatile Buffer settingsJson = Buffer.buffer();
    private volatile boolean stopping;

    VertxShared(ServerSpec spec, AsyncZipCodeStore store) {
        this.spec = spec;
        this.store = store;
    }

    ServerSpec spec() {
        return spec;
    }

    /** Null when no database is configured. */
    AsyncZipCodeStore store() {
        return store;
    }

    Buffer settingsJson() {
        return settingsJson;
    }

    void settingsJson(byte[] json) {
        settingsJson = Buffer.buffer(json);
    }

    boolean stopping() {
        return stopping;
    }

    void stop() {
        stopping = true;
    }
}
