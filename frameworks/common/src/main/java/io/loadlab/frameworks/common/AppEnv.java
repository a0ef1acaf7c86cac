package io.loadlab.frameworks.common;

import io.loadlab.core.Defaults;
import io.loadlab.core.model.Knob;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.Map;

/**
 * A framework application's configuration, read only from {@code LOADLAB_*} environment variables (the lab starts
 * each application with {@code java -jar} and these). A knob left unset keeps the framework's own default, except
 * where parity with the reference servers decides it (the database pool, the backend connections). A bad value is
 * an {@link IllegalArgumentException} naming the variable.
 */
public final class AppEnv {
    /** The reference servers' database pool: every model opens as many connections. */
    public static final int DB_POOL = Knob.DEFAULT_DB_POOL;

    /** File descriptors the reference servers keep for the JVM itself before bounding backend connections. */
    private static final int FD_RESERVE = 256;

    private final Map<String, String> env;

    public AppEnv(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /** This process's environment. */
    public static AppEnv fromSystem() {
        return new AppEnv(System.getenv());
    }

    /** {@code LOADLAB_HOST}, default 127.0.0.1. */
    public String host() {
        return text("LOADLAB_HOST", "127.0.0.1");
    }

    /** {@code LOADLAB_PORT}, default 8080; 0 picks a free port. */
    public int port() {
        return integer("LOADLAB_PORT", 8080);
    }

    /** {@code LOADLAB_BACKEND_URL}: {@code /backend} calls its {@code /hello}; null when unset. */
    public URI backendUrl() {
        String v = text("LOADLAB_BACKEND_URL", null);
        if (v == null) {
            return null;
        }
        try {
            URI u = URI.create(v.endsWith("/") ? v.substring(0, v.length() - 1) : v);
            if (u.getScheme() == null || u.getHost() == null) {
                throw new IllegalArgumentException("no scheme or host");
            }
            return u;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("LOADLAB_BACKEND_URL: expected http://host:port, got '" + v + "'");
        }
    }

    /** {@code LOADLAB_DB_URL}: where {@code /zipcodes} stores rows; null when unset. */
    public DbTarget db() {
        String v = text("LOADLAB_DB_URL", null);
        return v == null ? null : DbTarget.parse(v);
    }

    /** {@code LOADLAB_DB_POOL}, default {@link #DB_POOL}. */
    public int dbPool() {
        return integer("LOADLAB_DB_POOL", DB_POOL);
    }

    /**
     * {@code LOADLAB_HTTP_CLIENT_CONNECTIONS}: the most connections open to the backend at once. Default: as the
     * reference servers, half the file descriptors the open-file limit leaves after the JVM's own, so that as many
     * inbound connections always fit beside them.
     */
    public int httpClientConnections() {
        long limit = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean os) {
            limit = os.getMaxFileDescriptorCount();
        }
        int dflt = limit < 0 ? 10_000 : (int) Math.max(1, Math.min(Integer.MAX_VALUE, (limit - FD_RESERVE) / 2));
        return integer("LOADLAB_HTTP_CLIENT_CONNECTIONS", dflt);
    }

    /** {@code LOADLAB_BACKLOG}: the accept backlog, default every model's ({@link Defaults#BACKLOG}). */
    public int backlog() {
        return integer(Knob.BACKLOG.envVar(), Defaults.BACKLOG);
    }

    /** How long an idle keep-alive connection stays open: every model's ({@link Defaults#IDLE_TIMEOUT}). */
    public long idleTimeoutMillis() {
        return Defaults.IDLE_TIMEOUT.toMillis();
    }

    /**
     * {@code LOADLAB_EVENT_LOOPS} (or {@code LOADLAB_IO_THREADS} for an I/O reactor): event-loop threads, default one
     * per usable CPU as every event-loop model runs (two loops on one pinned core only take turns).
     */
    public int eventLoops(String variable) {
        int n = integer(variable, 0);
        return n > 0 ? n : Runtime.getRuntime().availableProcessors();
    }

    /** {@code LOADLAB_VIRTUAL=true}: serve requests on virtual threads. */
    public boolean virtual() {
        String v = text("LOADLAB_VIRTUAL", "false");
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException("LOADLAB_VIRTUAL: expected true or false, got '" + v + "'");
        }
        return v.equals("true");
    }

    /** A whole-number variable such as {@code LOADLAB_MAX_THREADS}, or {@code dflt} when unset. */
    public int integer(String name, int dflt) {
        String v = text(name, null);
        if (v == null) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + ": expected a whole number, got '" + v + "'");
    }

    /** A variable's value, or {@code dflt} when unset or blank. */
    public String text(String name, String dflt) {
        String v = env.get(name);
        return v == null || v.isBlank() ? dflt : v.trim();
    }
}
