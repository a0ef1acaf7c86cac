package io.loadlab.frameworks.httpcore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.BoundPortSettings;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.loadlab.frameworks.common.JvmSettings;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.hc.core5.util.VersionInfo;

/**
 * What {@code /settings} reports: the reference servers' keys (model, host, port, pid, JVM, database pool, backend
 * connections) and HttpCore's own (its version, its I/O threads, the worker pool that runs JDBC).
 */
final class AppSettings extends BoundPortSettings {
    static final String MODEL = "httpcore5-nio";
    /** The JDK's accept backlog for a channel bound with none, as HttpCore binds by default. */
    static final int JDK_BACKLOG = 50;

    private final int ioThreads;
    private final int workerThreads;
    private final BackendCalls backend;
    private final JdbcZipCodeStore store;
    private final ObjectMapper json = new ObjectMapper();

    AppSettings(AppEnv env, int ioThreads, int workerThreads, BackendCalls backend, JdbcZipCodeStore store) {
        super(env);
        this.ioThreads = ioThreads;
        this.workerThreads = workerThreads;
        this.backend = backend;
        this.store = store;
    }

    Map<String, Object> settings() {
        Map<String, Object> s = base(MODEL);
        String core = release("org.apache.hc.core5");
        s.put("framework", "Apache HttpCore " + core + " (async server)");
        s.put("server", "HttpCore " + core + " I/O reactor");
        s.put("io_threads", ioThreads);
        s.put("event_loops", ioThreads);
        s.put("worker_threads", workerThreads);
        int backlog = env.integer("LOADLAB_BACKLOG", 0);
        s.put("backlog", backlog > 0 ? backlog : JDK_BACKLOG); // none given: the JDK's
        if (store != null) {
            s.put("db_pool", store.size());
            s.put("db_client", "JDBC on HikariCP, on the worker pool");
        }
        if (backend.configured()) {
            s.put("backend_url", backend.base().toString());
            s.put("backend_client", "async HttpClient "
                    + release("org.apache.hc.client5") + ", callbacks");
            s.put("backend_max_connections", backend.maxConnections());
        }
        return s;
    }

    /** The release of an HttpComponents package, from the version file it ships. */
    private static String release(String pkg) {
        VersionInfo v = VersionInfo.loadVersionInfo(pkg, AppSettings.class.getClassLoader());
        return v == null ? VersionInfo.UNAVAILABLE : v.getRelease();
    }

    String json() {
        try {
            return json.writeValueAsString(settings());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
