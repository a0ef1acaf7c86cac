package io.loadlab.postgres;

import io.loadlab.core.FileTrees;
import io.loadlab.core.result.LabProcess;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Starts a real PostgreSQL from the binaries published on Maven Central: no package manager, no container. Each call
 * makes its own cluster (initdb into the work directory), starts {@code postgres} on a free port, waits until it
 * accepts connections and creates the database. When this process is root the server runs as {@code nobody} (see
 * {@link PostgresRunAs}). A JVM shutdown hook stops the server if the owner never calls {@link RunningPostgres#close}.
 *
 * <p>{@link #start} blocks for the start (about a second; longer on the first call, which extracts the binaries).
 */
public final class EmbeddedPostgres {
    private static final long READY_TIMEOUT_MS = 60_000;
    private static final long INITDB_TIMEOUT_MS = 120_000;
    private static final int PORT_ATTEMPTS = 3;
    /** The name of each temporary cluster's directory in {@code java.io.tmpdir} begins so. */
    static final String TEMPORARY_PREFIX = "loadlab-pg-";

    private EmbeddedPostgres() {}

    public static RunningPostgres start(PostgresSpec spec) throws IOException {
        PostgresRunAs runAs = PostgresRunAs.detect();
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path install = PostgresBinaries.install(tmp);
        boolean temporary = spec.workDir() == null;
        boolean created = temporary || !Files.exists(spec.workDir());
        if (temporary) {
            removeAbandoned(tmp);
        }
        Path work = temporary
                ? Files.createTempDirectory(tmp, TEMPORARY_PREFIX)
                : Files.createDirectories(spec.workDir()).toAbsolutePath();
        try {
            LabProcess owner = LabProcess.current();
            if (temporary && owner != null) {
                owner.write(work); // by which a later start tells this directory from a live one once this JVM is gone
            }
            if (created) {
                // traversable by the unprivileged user, who owns only what is inside
                Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            runAs.checkReachable(work);
            Path data = work.resolve("data");
            Path socketDir = Files.createDirectories(work.resolve("socket"));
            runAs.own(socketDir);
            Path log = spec.logFile() != null ? spec.logFile().toAbsolutePath() : work.resolve("postgres.log");
            if (!Files.exists(log)) {
                Files.createDirectories(log.getParent());
                Files.createFile(log);
            }
            runAs.own(log);
            if (!Files.exists(data.resolve("PG_VERSION"))) {
                initdb(install, runAs, spec, data, log);
            }
            if (spec.ssl()) {
                // a new certificate every start, in the data directory where ssl_cert_file/ssl_key_file default to
                Path cert = data.resolve("server.crt");
                Path key = data.resolve("server.key");
                SelfSignedCertificate.generate(spec.host()).write(cert, key);
                runAs.own(cert);
                runAs.own(key);
            }
            for (int attempt = 1; ; attempt++) {
                int port = spec.port() != 0 ? spec.port() : freePort(spec.host());
                Process p = launch(install, runAs, spec, data, socketDir, log, port);
                // until the running server registers its own hook, an exit while waiting must not orphan postgres
                Thread starting = new Thread(() -> stop(p), "loadlab-postgres-start-" + p.pid());
                Runtime.getRuntime().addShutdownHook(starting);
                try {
                    awaitReady(p, spec, port, log);
                    Map<String, String> settings = PostgresSetup.prepare(spec, port, runAs, install);
                    int bound = port;
                    EmbeddedPostgresServer.Launcher again = () -> {
                        Process q = launch(install, runAs, spec, data, socketDir, log, bound);
                        try {
                            awaitReady(q, spec, bound, log);
                        } catch (IOException | RuntimeException e) {
                            stop(q);
                            throw e;
                        }
                        return q;
                    };
                    return new EmbeddedPostgresServer(spec, again, p, port, settings, temporary ? work : null);
                } catch (PortTaken e) {
                    stop(p);
                    if (spec.port() != 0 || attempt == PORT_ATTEMPTS) {
                        throw new IOException(e.getMessage());
                    }
                } catch (IOException | RuntimeException e) {
                    stop(p);
                    throw e;
                } finally {
                    removeHook(starting);
                }
            }
        } catch (IOException | RuntimeException e) {
            if (temporary) {
                FileTrees.delete(work);
            }
            throw e;
        }
    }

    /**
     * Removes the temporary clusters in {@code tmp} whose JVM died without removing them (killed outright: no shutdown
     * hook ran), about 50 MB each: the ones whose owner, named in the directory, is gone and whose server is not
     * running. A directory that names no owner (made by a loadlab before the owner was written) is left alone.
     */
    static void removeAbandoned(Path tmp) {
        List<Path> candidates;
        try (Stream<Path> s = Files.list(tmp)) {
            candidates = s.filter(d -> d.getFileName().toString().startsWith(TEMPORARY_PREFIX))
                    .filter(Files::isDirectory)
                    .toList();
        } catch (IOException e) {
            return; // nothing to sweep where nothing can be listed
        }
        for (Path dir : candidates) {
            boolean abandoned = LabProcess.of(dir).map(owner -> !owner.alive()).orElse(false);
            if (abandoned && !serverRunning(dir.resolve("data"))) {
                FileTrees.delete(dir);
            }
        }
    }

    /** True when {@code data}'s {@code postmaster.pid} names a live process (PostgreSQL removes it when it stops). */
    private static boolean serverRunning(Path data) {
        try {
            String first =
                    Files.readAllLines(data.resolve("postmaster.pid")).get(0).strip();
            return ProcessHandle.of(Long.parseLong(first))
                    .map(ProcessHandle::isAlive)
                    .orElse(false);
        } catch (IOException | RuntimeException none) {
            return false;
        }
    }

    private static void initdb(Path install, PostgresRunAs runAs, PostgresSpec spec, Path data, Path log)
            throws IOException {
        Files.createDirectories(data);
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwx------"));
        runAs.own(data);
        List<String> cmd = List.of(
                install.resolve("bin/initdb").toString(),
                "-D",
                data.toString(),
                "-A",
                "trust",
                "-U",
                spec.user(),
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
                "--no-instructions");
        Process p = processBuilder(runAs.command(cmd), log).start();
        try {
            if (!p.waitFor(INITDB_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException("initdb did not finish within " + INITDB_TIMEOUT_MS / 1000 + " s; see " + log);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running initdb");
        }
        if (p.exitValue() != 0) {
            throw new IOException("initdb failed with status " + p.exitValue() + ": " + LogTail.of(log));
        }
    }

    private static Process launch(
            Path install, PostgresRunAs runAs, PostgresSpec spec, Path data, Path socketDir, Path log, int port)
            throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                install.resolve("bin/postgres").toString(),
                "-D",
                data.toString(),
                "-p",
                Integer.toString(port),
                "-h",
                spec.host(),
                "-k",
                socketDir.toString()));
        if (spec.ssl()) {
            cmd.addAll(List.of("-c", "ssl=on"));
        }
        spec.effectiveSettings().forEach((k, v) -> {
            cmd.add("-c");
            cmd.add(k + "=" + v);
        });
        ProcessBuilder pb = processBuilder(runAs.command(cmd), log);
        pb.environment().putAll(spec.environment());
        return pb.start();
    }

    private static ProcessBuilder processBuilder(List<String> cmd, Path log) {
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().keySet().removeIf(k -> k.startsWith("PG"));
        pb.environment().put("LC_ALL", "C");
        return pb;
    }

    private static void awaitReady(Process p, PostgresSpec spec, int port, Path log) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MS);
        String url = "jdbc:postgresql://" + spec.host() + ":" + port + "/postgres";
        Properties props = PostgresSetup.connectionProperties(spec);
        String last = "";
        while (true) {
            if (!p.isAlive()) {
                String tail = LogTail.of(log);
                if (tail.contains("Address already in use") || tail.contains("could not create any TCP/IP")) {
                    throw new PortTaken("port " + port + " is in use: " + tail);
                }
                throw new IOException("PostgreSQL exited with status " + p.exitValue() + " while starting: " + tail);
            }
            try (Connection c = DriverManager.getConnection(url, props)) {
                return;
            } catch (SQLException e) {
                last = e.getMessage();
            }
            if (System.nanoTime() > deadline) {
                stop(p);
                throw new IOException("PostgreSQL did not accept connections on " + spec.host() + ":" + port
                        + " within " + READY_TIMEOUT_MS / 1000 + " s (" + last + "): " + LogTail.of(log));
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for PostgreSQL to start");
            }
        }
    }

    static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs (or ran) the same stop
        }
    }

    private static int freePort(String host) throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return s.getLocalPort();
        }
    }

    /** Fast shutdown: SIGINT, then SIGKILL after {@code EmbeddedPostgresServer.STOP_TIMEOUT_MS}. */
    static void stop(Process p) {
        if (!p.isAlive()) {
            return;
        }
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid()))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start()
                    .waitFor(5, TimeUnit.SECONDS);
            if (!p.waitFor(EmbeddedPostgresServer.STOP_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            p.destroyForcibly();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static final class PortTaken extends IOException {
        PortTaken(String message) {
            super(message, null);
        }
    }
}
