package io.loadlab.servers.blocking;

import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.domain.ZipCodeStore;
import io.loadlab.servers.domain.ZipCodeStores;

/**
 * Opens what the blocking handler waits on — the JDBC store and the backend client — and checks at start that they
 * answer, so that a wrong URL is one clear line before any load rather than a stream of 502s and 503s.
 */
final class BlockingDependencies {
    private BlockingDependencies() {}

    /**
     * The JDBC store of {@code spec.dbUrl()}, or null when no database is configured.
     *
     * @throws io.loadlab.core.UserError when the database does not answer
     */
    static ZipCodeStore store(ServerSpec spec) {
        return ZipCodeStores.blocking(spec);
    }

    /**
     * The backend client of {@code spec.backendUrl()}, checked with {@code GET /health}; null when none is
     * configured.
     *
     * @throws UserError when the backend does not answer
     */
    static BlockingBackendClient backend(ServerSpec spec, int maxIdle) {
        if (spec.backendUrl() == null) {
            return null;
        }
        BlockingBackendClient client;
        try {
            client = new BlockingBackendClient(
                    spec.backendUrl(), spec.backendConnections(), maxIdle, (int) Defaults.TIMEOUT.toMillis());
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        String down = client.unhealthy();
        if (down != null) {
            client.close();
            throw new UserError("cannot reach the backend at " + spec.backendUrl() + " (" + down
                    + "); start it with 'loadlab backend' or fix --backend-url");
        }
        return client;
    }
}
