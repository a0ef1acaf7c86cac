package io.loadlab.core.model;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the lab starts a model's server: a reference server of the servers module ({@code loadlab serve ID} in a child
 * JVM), or an application of its own started as a process, {@code java -jar frameworks/APP/target/loadlab-APP.jar},
 * that reads where to listen, what to call and its knobs from {@code LOADLAB_*} environment variables. Two models may
 * share one application and differ in a fixed variable ({@code spring-mvc-virtual}: {@code LOADLAB_VIRTUAL=true}).
 *
 * @param app the application's directory under {@code frameworks/}; null for a reference server
 * @param fixed variables the model always sets, whatever its knobs
 */
public record Launch(String app, Map<String, String> fixed) {
    /** A reference server in the servers module, behind {@code loadlab serve}. */
    public static final Launch REFERENCE = new Launch(null, Map.of());

    public static final String HOST = Knob.envVar("host");
    public static final String PORT = Knob.envVar("port");
    public static final String BACKEND_URL = Knob.envVar("backend-url");
    public static final String DB_URL = Knob.envVar("db-url");

    public Launch {
        fixed = Map.copyOf(fixed);
    }

    /** The application {@code frameworks/APP}, started by {@code java -jar} and configured by its environment. */
    public static Launch process(String app) {
        return new Launch(app, Map.of());
    }

    /** The same application with one more variable the model always sets, e.g. {@code LOADLAB_VIRTUAL=true}. */
    public Launch with(String variable, String value) {
        Map<String, String> m = new LinkedHashMap<>(fixed);
        m.put(variable, value);
        return new Launch(app, m);
    }

    /** True for a reference server of the servers module. */
    public boolean reference() {
        return app == null;
    }

    /** The application's jar, relative to the project's root. */
    public Path jar() {
        requireProcess();
        return Path.of("frameworks", app, "target", "loadlab-" + app + ".jar");
    }

    /** The command that starts the application with the JVM {@code java}. */
    public List<String> command(Path java) {
        return List.of(java.toString(), "-jar", jar().toString());
    }

    /**
     * The application's environment: where it listens, its backend and database (left out when null), the variables
     * the model always sets, and one variable per knob set ({@code LOADLAB_MAX_THREADS=16}); a knob left out keeps
     * the model's default.
     */
    public Map<String, String> environment(
            String host, int port, URI backendUrl, String dbUrl, Map<Knob, String> knobs) {
        requireProcess();
        Map<String, String> env = new LinkedHashMap<>();
        env.put(HOST, host);
        env.put(PORT, Integer.toString(port));
        if (backendUrl != null) {
            env.put(BACKEND_URL, backendUrl.toString());
        }
        if (dbUrl != null) {
            env.put(DB_URL, dbUrl);
        }
        env.putAll(fixed);
        knobs.forEach((k, v) -> env.put(k.envVar(), v));
        return env;
    }

    private void requireProcess() {
        if (reference()) {
            throw new IllegalStateException("a reference server is started by loadlab serve, not by its own jar");
        }
    }
}
