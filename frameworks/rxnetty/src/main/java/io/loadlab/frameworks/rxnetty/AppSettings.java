package io.loadlab.frameworks.rxnetty;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.BoundPortSettings;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.loadlab.frameworks.common.JvmSettings;
import io.netty.util.NetUtil;
import io.netty.util.Version;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;

/**
 * What {@code /settings} reports: the reference servers' keys (model, host, port, pid, JVM, database pool, backend)
 * and RxNetty's own (its version, RxJava's and Netty's, the event loops).
 */
final class AppSettings extends BoundPortSettings {
    static final String MODEL = "rxnetty";

    private final int eventLoops;
    private final BackendClient backend;
    private final JdbcZipCodeStore store;
    private final ObjectMapper json = new ObjectMapper();

    AppSettings(AppEnv env, int eventLoops, BackendClient backend, JdbcZipCodeStore store) {
        super(env);
        this.eventLoops = eventLoops;
        this.backend = backend;
        this.store = store;
    }

    /** {@code LOADLAB_BACKLOG}, or Netty's own default (the system's somaxconn). */
    int backlog() {
        int backlog = env.integer("LOADLAB_BACKLOG", 0);
        return backlog > 0 ? backlog : NetUtil.SOMAXCONN;
    }

    Map<String, Object> settings() {
        Map<String, Object> s = base(MODEL);
        Version common = Version.identify().get("netty-common");
        String netty = common == null ? "unknown" : common.artifactVersion();
        s.put("framework", "RxNetty " + version("rxnetty-http") + ", RxJava " + version("rxjava"));
        s.put("server", "Netty " + netty);
        s.put("event_loops", eventLoops);
        s.put("backlog", backlog());
        if (store != null) {
            s.put("db_pool", store.size());
            s.put("db_client", "JDBC on HikariCP, on RxJava's I/O scheduler");
        }
        if (backend.configured()) {
            s.put("backend_url", backend.base().toString());
            s.put("backend_client", "RxNetty HttpClient, pooled per host (unbounded)");
        }
        return s;
    }

    /** A release from the properties file its jar ships ({@code META-INF/NAME.properties}), kept when shaded. */
    private static String version(String name) {
        try (InputStream in = AppSettings.class.getResourceAsStream("/META-INF/" + name + ".properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("Implementation-Version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    String json() {
        try {
            return json.writeValueAsString(settings());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
