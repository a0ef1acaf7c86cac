package io.loadlab.postgres;

import io.loadlab.core.FileTrees;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/** A PostgreSQL started by {@link EmbeddedPostgres}; stopped by its PID on close or when the JVM exits. */
final class EmbeddedPostgresServer implements RunningPostgres {
    static final long STOP_TIMEOUT_MS = 10_000;

    /** Starts the postmaster again on the same data and port, returning once it accepts connections. */
    interface Launcher {
        Process launch() throws IOException;
    }

    private final PostgresSpec spec;
    private final Launcher launcher;
    private volatile Process process;
    private final int port;
    private final Map<String, String> settings;
    private final Path temporaryWorkDir;
    private final Thread shutdownHook;
    private boolean closed;

    EmbeddedPostgresServer(
            PostgresSpec spec,
            Launcher launcher,
            Process process,
            int port,
            Map<String, String> settings,
            Path temporaryWorkDir) {
        this.spec = spec;
        this.launcher = launcher;
        this.process = process;
        this.port = port;
        this.settings = settings;
        this.temporaryWorkDir = temporaryWorkDir;
        this.shutdownHook = new Thread(this::stopAndClean, "loadlab-postgres-stop-" + port);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public String host() {
        return spec.host();
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String database() {
        return spec.database();
    }

    @Override
    public String user() {
        return spec.user();
    }

    @Override
    public String password() {
        return spec.password();
    }

    @Override
    public Map<String, String> settings() {
        return settings;
    }

    @Override
    public Integer exitStatus() {
        Process p = process;
        return p.isAlive() ? null : p.exitValue();
    }

    @Override
    public synchronized void restart() throws IOException {
        if (closed) {
            throw new IOException("PostgreSQL on port " + port + " was closed: it is not started again");
        }
        if (process.isAlive()) {
            return;
        }
        process = launcher.launch();
    }

    @Override
    public void close() {
        EmbeddedPostgres.removeHook(shutdownHook);
        stopAndClean();
    }

    private synchronized void stopAndClean() {
        if (closed) {
            return;
        }
        closed = true;
        EmbeddedPostgres.stop(process);
        if (temporaryWorkDir != null) {
            FileTrees.delete(temporaryWorkDir);
        }
    }

    @Override
    public String toString() {
        return "PostgreSQL " + settings.getOrDefault("server_version", "?") + " pid " + pid() + " at " + uri();
    }
}
