package io.loadlab.postgres;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything {@link EmbeddedPostgres#start} needs; the one input of the starter.
 *
 * @param workDir directory holding {@code data/}, the socket and the log; null = a new temp directory, deleted on
 *     close. A given directory is kept, and its {@code data/} reused when it holds a cluster already
 * @param host address PostgreSQL listens on
 * @param port TCP port; 0 = a free port
 * @param user superuser created by initdb
 * @param password that user's password (the cluster trusts local TCP, so it is accepted but not checked)
 * @param database database created after the start
 * @param settings postgresql.conf settings passed as {@code -c name=value}; they override {@link #DEFAULT_SETTINGS}
 * @param logFile server log; null = {@code workDir/postgres.log}
 * @param ssl start with {@code ssl=on} and a self-signed certificate made at start ({@link SelfSignedCertificate});
 *     clients then connect with {@code sslmode=require} (plain connections are still accepted)
 * @param environment variables the server gets besides this process's own: the lab's marker, by which a process
 *     outliving it is found and ended
 */
public record PostgresSpec(
        Path workDir,
        String host,
        int port,
        String user,
        String password,
        String database,
        Map<String, String> settings,
        Path logFile,
        boolean ssl,
        Map<String, String> environment) {

    /**
     * Settings applied unless overridden: enough connections for every model's pool, a fixed buffer size, and
     * {@code pg_stat_statements} loaded (the lab counts the statements each request costs from it; it ships with the
     * binaries). fsync stays on, as in production; pass {@code fsync=off} to take the disk out of the measurement, and
     * say so.
     */
    public static final Map<String, String> DEFAULT_SETTINGS = Map.of(
            "max_connections", "300", "shared_buffers", "128MB", "shared_preload_libraries", "pg_stat_statements");

    public PostgresSpec {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(database, "database");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535, got " + port);
        }
        settings = Map.copyOf(settings == null ? Map.of() : settings);
        environment = Map.copyOf(environment == null ? Map.of() : environment);
    }

    public static PostgresSpec defaults() {
        return new PostgresSpec(null, "127.0.0.1", 0, "loadlab", "loadlab", "loadlab", Map.of(), null, false, Map.of());
    }

    /** {@link #DEFAULT_SETTINGS} overridden by {@link #settings}, in a stable order. */
    public Map<String, String> effectiveSettings() {
        Map<String, String> all = new LinkedHashMap<>(new TreeMap<>(DEFAULT_SETTINGS));
        all.putAll(new TreeMap<>(settings));
        return all;
    }

    public PostgresSpec withWorkDir(Path v) {
        return new PostgresSpec(v, host, port, user, password, database, settings, logFile, ssl, environment);
    }

    public PostgresSpec withHost(String v) {
        return new PostgresSpec(workDir, v, port, user, password, database, settings, logFile, ssl, environment);
    }

    public PostgresSpec withPort(int v) {
        return new PostgresSpec(workDir, host, v, user, password, database, settings, logFile, ssl, environment);
    }

    public PostgresSpec withUser(String v) {
        return new PostgresSpec(workDir, host, port, v, password, database, settings, logFile, ssl, environment);
    }

    public PostgresSpec withPassword(String v) {
        return new PostgresSpec(workDir, host, port, user, v, database, settings, logFile, ssl, environment);
    }

    public PostgresSpec withDatabase(String v) {
        return new PostgresSpec(workDir, host, port, user, password, v, settings, logFile, ssl, environment);
    }

    public PostgresSpec withSettings(Map<String, String> v) {
        return new PostgresSpec(workDir, host, port, user, password, database, v, logFile, ssl, environment);
    }

    /** Adds one postgresql.conf setting to {@link #settings}. */
    public PostgresSpec withSetting(String name, String value) {
        Map<String, String> s = new LinkedHashMap<>(settings);
        s.put(name, value);
        return withSettings(s);
    }

    public PostgresSpec withSsl(boolean v) {
        return new PostgresSpec(workDir, host, port, user, password, database, settings, logFile, v, environment);
    }

    public PostgresSpec withLogFile(Path v) {
        return new PostgresSpec(workDir, host, port, user, password, database, settings, v, ssl, environment);
    }

    public PostgresSpec withEnvironment(Map<String, String> v) {
        return new PostgresSpec(workDir, host, port, user, password, database, settings, logFile, ssl, v);
    }
}
