package io.loadlab.frameworks.helidon;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.JvmSettings;
import io.helidon.common.Version;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * What {@code /settings} reports: the reference servers' keys (model, host, port, pid, JVM, database pool, backend
 * connections) and Helidon's own (its version, its WebServer, a virtual thread per request, the concurrent-request
 * limit when one is set).
 */
final class AppSettings {
    static final String MODEL = "helidon-se";

    private final AppEnv env;
    private final BackendClient backend;
    private final JdbcZipCodeStore store;
    private final int maxConcurrentRequests;
    private final ObjectMapper json = new ObjectMapper();
    private int port;
    private int backlog;

    AppSettings(AppEnv env, BackendClient backend, JdbcZipCodeStore store, int maxConcurrentRequests) {
        this.env = env;
        this.backend = backend;
        this.store = store;
        this.maxConcurrentRequests = maxConcurrentRequests;
    }

    /** The port the server listens on, known once it started. */
    void port(int port) {
        this.port = port;
    }

    /** The accept backlog the server listens with. */
    void backlog(int backlog) {
        this.backlog = backlog;
    }

    String host() {
        return env.host();
    }

    int port() {
        return port;
    }

    Map<String, Object> settings() {
        Map<String, Object> s = JvmSettings.base(MODEL, env.host(), port);
        s.put("framework", "Helidon SE " + Version.VERSION);
        s.put("server", "Helidon WebServer " + Version.VERSION);
        s.put("max_threads", "virtual");
        s.put("virtual_threads", true);
        s.put("backlog", backlog);
        s.put("max_concurrent_requests", maxConcurrentRequests < 0 ? "unlimited" : maxConcurrentRequests);
        if (store != null) {
            s.put("db_pool", store.size());
            s.put("db_client", "JDBC on HikariCP, blocking a virtual thread");
        }
        if (backend.configured()) {
            s.put("backend_url", backend.base().toString());
            s.put("backend_client", "Helidon WebClient, blocking a virtual thread");
            s.put("backend_max_connections", backend.maxConnections());
        }
        return s;
    }

    /** The settings as one line of JSON. */
    String json() {
        try {
            return json.writeValueAsString(settings());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
