package io.loadlab.frameworks.spring;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.JvmSettings;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.SpringVersion;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /settings} of a Spring Boot model, known once its server is bound: the reference servers' keys (model, host,
 * port, pid, jvm), the framework with versions read from its classes, then what the model adds ({@link #add}: its
 * server, threads, pools and clients).
 */
public abstract class BoundSettings implements ApplicationListener<WebServerInitializedEvent> {
    private final String model;
    private final String web;
    private final AppEnv env;
    private final JsonMapper json;
    private volatile Map<String, Object> settings = Map.of();
    private volatile String text = "{}";

    /** {@code web}: the Spring web stack, e.g. {@code Spring WebFlux}. */
    protected BoundSettings(String model, String web, AppEnv env, JsonMapper json) {
        this.model = model;
        this.web = web;
        this.env = env;
        this.json = json;
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        Map<String, Object> s = JvmSettings.base(model, env.host(), event.getWebServer().getPort());
        s.put("framework", "Spring Boot " + SpringBootVersion.getVersion() + ", " + web + " "
                + SpringVersion.getVersion());
        add(s, event.getWebServer());
        settings = Collections.unmodifiableMap(s);
        text = json.writeValueAsString(settings);
    }

    /** Adds the model's own settings to {@code s}, in the order they should read. */
    protected abstract void add(Map<String, Object> s, WebServer server);

    /** The settings as served at {@code GET /settings}: one line of JSON. */
    public String json() {
        return text;
    }

    /** The port the server is bound to. */
    public Object port() {
        return settings.get("port");
    }

    /**
     * The database's part: {@code db_pool} and a {@code db} object (client, URL without the password, pool, the
     * server's version), or nothing without a database.
     */
    public static Map<String, Object> database(AppEnv env, String client, String serverVersion) {
        Map<String, Object> s = new LinkedHashMap<>();
        if (env.db() != null) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("client", client);
            d.put("url", env.db().toString());
            d.put("pool", env.dbPool());
            d.put("server_version", serverVersion);
            s.put("db_pool", env.dbPool());
            s.put("db", d);
        }
        return s;
    }

    /** The backend client's part: the backend's URL, the client, its connection limit; nothing without a backend. */
    public static Map<String, Object> backend(AppEnv env, String client, int maxConnections) {
        Map<String, Object> s = new LinkedHashMap<>();
        if (env.backendUrl() != null) {
            s.put("backend_url", env.backendUrl().toString());
            s.put("backend_client", client);
            s.put("backend_max_connections", maxConnections);
        }
        return s;
    }
}
