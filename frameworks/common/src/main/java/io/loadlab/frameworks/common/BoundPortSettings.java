package io.loadlab.frameworks.common;

import java.util.Map;

/**
 * The part of {@code /settings} every application that binds its own port shares: the host from its environment and
 * the port, known once the server is bound; the application adds its own keys to {@link #base}.
 */
public abstract class BoundPortSettings {
    protected final AppEnv env;
    private volatile int port;

    protected BoundPortSettings(AppEnv env) {
        this.env = env;
    }

    /** Records the port the server is bound to. */
    public void port(int bound) {
        port = bound;
    }

    public int port() {
        return port;
    }

    public String host() {
        return env.host();
    }

    /** The reference servers' keys (model, host, port, pid, JVM), for the application to add to. */
    protected Map<String, Object> base(String model) {
        return JvmSettings.base(model, env.host(), port);
    }
}
