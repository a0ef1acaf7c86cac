package io.loadlab.frameworks.quarkus;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.JvmSettings;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Properties;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The settings every Quarkus application reports: the reference servers' keys, then the framework's version and its
 * server's (read from the jars at run time), its event loops and worker pool as Quarkus configured them.
 */
public final class QuarkusSettings {
    private QuarkusSettings() {}

    /** A mutable map with the common keys; the application adds its database and backend clients. */
    public static Map<String, Object> base(String model, AppEnv env, int port) {
        Map<String, Object> s = JvmSettings.base(model, env.host(), port);
        s.put("framework", "Quarkus " + version("io.quarkus", "quarkus-core"));
        s.put("server", "Vert.x " + version("io.vertx", "vertx-core"));
        int backlog = config("quarkus.http.accept-backlog", -1);
        s.put("backlog", backlog > 0 ? backlog : "Netty's default (the kernel's somaxconn)");
        s.put("event_loops", config("quarkus.vertx.event-loops-pool-size", Runtime.getRuntime().availableProcessors()));
        s.put("worker_threads", config("quarkus.thread-pool.max-threads", Math.max(200, 8 * Runtime.getRuntime().availableProcessors())));
        return s;
    }

    /** The settings as one line of JSON. */
    public static String json(Map<String, Object> settings) {
        return new JsonObject(settings).encode();
    }

    private static int config(String name, int dflt) {
        return ConfigProvider.getConfig().getOptionalValue(name, Integer.class).orElse(dflt);
    }

    /** An artifact's version from the Maven properties its jar carries, or {@code unknown}. */
    public static String version(String group, String artifact) {
        String path = "/META-INF/maven/" + group + "/" + artifact + "/pom.properties";
        try (InputStream in = QuarkusSettings.class.getResourceAsStream(path)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
