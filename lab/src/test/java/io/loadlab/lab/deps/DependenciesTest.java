package io.loadlab.lab.deps;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.lab.spec.Overload;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dependencies against a backend of the user's (here an HTTP server in the test that records what it is asked). */
class DependenciesTest {
    @TempDir
    Path dir;

    private final ProcessRegistry registry = new ProcessRegistry(java.time.Duration.ofSeconds(5));
    private final ChildLauncher launcher =
            new ChildLauncher(registry, List.of(), false, System.getProperty("java.class.path"), Map.of());
    private final List<String> asked = new CopyOnWriteArrayList<>();
    private HttpServer backend;

    @AfterEach
    void stop() {
        registry.stopAll();
        if (backend != null) {
            backend.stop(0);
        }
    }

    @Test
    void aWarmUpRehearsesWhatTheWindowsProbeWillAskOfTheBackendAndChangesNothing() throws Exception {
        backend = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        backend.createContext("/", exchange -> {
            String target = exchange.getRequestURI().toString();
            if (!target.equals("/health")) {
                asked.add(target);
            }
            byte[] body = "{\"requests\":0}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        backend.start();
        String command = "echo '{\"port\": " + backend.getAddress().getPort() + "}'; exec sleep 60";
        Duration delay = Duration.ofMillis(50);
        Dependencies deps =
                Dependencies.start(true, false, false, false, launcher, registry, command, delay, null, null, dir);

        deps.rehearseProbe(ScenarioSpec.of(ScenarioKind.PLAINTEXT));
        assertThat(asked).as("a scenario without the backend asks it nothing").isEmpty();

        deps.rehearseProbe(ScenarioSpec.of(ScenarioKind.BACKEND));
        assertThat(asked).as("its /stats, without resetting them").containsExactly("/stats");

        asked.clear();
        Overload triggered = new Overload(
                0,
                null,
                null,
                new Overload.Trigger(Duration.ofSeconds(1), Duration.ofSeconds(4), Duration.ofSeconds(2)),
                null);
        deps.rehearseProbe(ScenarioSpec.of(ScenarioKind.BACKEND).withOverload(triggered));
        assertThat(asked).hasSize(2).first().isEqualTo("/stats");
        assertThat(asked.get(1))
                .as("a trigger's route, with the delay the backend has now")
                .startsWith("/schedule?set=")
                .doesNotContain("1s");

        asked.clear();
        Runnable chores = deps.warmupChores(ScenarioSpec.of(ScenarioKind.BACKEND), Duration.ofMillis(300));
        chores.run();
        assertThat(asked).as("the first chore only rehearses").containsExactly("/stats");
        Thread.sleep(350);
        chores.run();
        chores.run();
        assertThat(asked)
                .as("one collection of the backend's garbage, on the first chore after the settling time")
                .containsExactly("/stats", "/stats", "/gc", "/stats");

        asked.clear();
        Runnable none = deps.warmupChores(ScenarioSpec.of(ScenarioKind.PLAINTEXT), Duration.ofMillis(0));
        none.run();
        none.run();
        assertThat(asked).as("a scenario without the backend asks it nothing").isEmpty();
    }
}
