package io.loadlab.frameworks.quarkus;

import io.loadlab.postgres.RunningPostgres;
import io.loadlab.testkit.contract.ContractHttp;
import io.loadlab.testkit.contract.ContractLauncher;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.FakeBackend;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Starts a built Quarkus application jar as the lab does ({@code java -jar} with {@code LOADLAB_*} variables), waits
 * for its settings line on stdout and for {@code /health} to answer, and stops it with SIGTERM. The jar is the module's own, built in the package phase
 * before its tests run (the {@code loadlab.jar} system property).
 */
public record QuarkusJar(Path jar, String model) implements ContractLauncher {
    private static final Pattern PORT = Pattern.compile("\"port\":(\\d+)");

    /** The jar named by the {@code loadlab.jar} system property. */
    public static QuarkusJar fromBuild(String model) {
        Path jar = Path.of(System.getProperty("loadlab.jar", "target/loadlab-" + model + ".jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is not built");
        }
        return new QuarkusJar(jar, model);
    }

    @Override
    public ContractTarget start(FakeBackend backend, RunningPostgres db) throws Exception {
        return start(backend, db, Map.of());
    }

    /** Starts the jar with these dependencies and further variables; returns once it listens. */
    public ContractTarget start(FakeBackend backend, RunningPostgres db, Map<String, String> more) throws Exception {
        Map<String, String> env = new HashMap<>(more);
        env.put("LOADLAB_PORT", "0");
        if (backend != null) {
            env.put("LOADLAB_BACKEND_URL", backend.url().toString());
        }
        if (db != null) {
            env.put("LOADLAB_DB_URL", db.uri());
        }
        ProcessBuilder pb = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-jar",
                jar.toString());
        pb.environment().keySet().removeIf(k -> k.startsWith("LOADLAB_"));
        pb.environment().putAll(env);
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process p = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        });
        String settings;
        try {
            settings = line.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            p.destroyForcibly();
            throw new IllegalStateException(model + " did not print its settings within 60 s", e);
        }
        Matcher m = settings == null ? null : PORT.matcher(settings);
        if (m == null || !m.find()) {
            p.destroyForcibly();
            throw new IllegalStateException(model + " printed no settings: " + settings);
        }
        Thread.ofVirtual().start(() -> drain(out));
        int port = Integer.parseInt(m.group(1));
        ContractTarget target = new ContractTarget(model, "127.0.0.1", port, p.pid(), backend, db, true, () -> stop(p));
        awaitHealth(target, p);
        return target;
    }

    /**
     * Waits, as the lab does, until {@code /health} answers: the first requests of a cold JVM take long enough that a
     * request sent at once may still be unread when a test stops the server.
     */
    private void awaitHealth(ContractTarget target, Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                ContractHttp.get(target, "/health");
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !p.isAlive()) {
                    p.destroyForcibly();
                    throw new IllegalStateException(model + " did not answer /health", e);
                }
                Thread.sleep(100);
            }
        }
    }

    private static void drain(BufferedReader out) {
        try {
            while (out.readLine() != null) {
                // stdout after the settings line is not read by the lab either
            }
        } catch (IOException e) {
            // the process is gone
        }
    }

    private static void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
