package io.loadlab.lab.trial;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.backend.BackendDefaults;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.LabListener;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.deps.Dependencies;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.lab.profile.ServerProfiler;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.ExperimentSpec;
import io.loadlab.lab.spec.LabSetup;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.spec.SuitePlan;
import io.loadlab.lab.spec.Thresholds;
import io.loadlab.lab.spec.Timing;
import io.loadlab.lab.spec.TrialPlan;
import io.loadlab.lab.spec.UserServer;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A trial's measurement with real load generator children against a server that died: one child or two load agents,
 * the reason starts with the server's exit, the cause of everything the load generators saw after it.
 */
class MeasurementPhaseTest {
    @TempDir
    Path dir;

    private final ProcessRegistry registry = new ProcessRegistry(java.time.Duration.ofSeconds(5));
    private final ChildLauncher launcher =
            new ChildLauncher(registry, List.of(), false, System.getProperty("java.class.path"), Map.of());

    @AfterEach
    void stopAll() {
        registry.stopAll();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aServerThatDiedIsNamedFirstWhateverTheNumberOfLoadChildren(int agents) throws Exception {
        ExperimentSpec plain = new ExperimentSpec(
                "plain",
                ScenarioSpec.of(ScenarioKind.PLAINTEXT),
                List.of(UserServer.DEFAULT_NAME),
                List.of(new LoadLevel(2, null)),
                null,
                null,
                null,
                null,
                null);
        SuitePlan suite = new SuitePlan(
                "dead",
                "a server that died",
                new Timing(Duration.ZERO, Duration.ofSeconds(5), Duration.ofSeconds(1), 1),
                BackendDefaults.BACKEND_DELAY,
                Thresholds.DEFAULTS,
                List.of(plain),
                agents,
                List.of(),
                null);
        CpuSplit anywhere = new CpuSplit(null, null, null);
        Dependencies none = Dependencies.start(
                false, false, false, false, launcher, registry, null, Duration.ZERO, null, null, dir);
        SuiteContext ctx =
                new SuiteContext(suite, LabSetup.defaults(), anywhere, launcher, null, none, LabListener.SILENT);
        ChildProcess server = launcher.startCommand("server", "exit 3", null, dir, Map.of());
        server.process().waitFor();
        StartedServer dead = new StartedServer(
                server,
                "http://127.0.0.1:" + unusedPort(),
                AnnouncedSettings.NONE,
                Map.of(),
                null,
                ServerProfiler.off());
        TrialPlan trial =
                new TrialPlan(0, plain, UserServer.DEFAULT_NAME, plain.loads().get(0), 1);

        MeasurementPhase.Measured m =
                new MeasurementPhase(ctx).run(trial, dead, TrialDir.create(dir.resolve("results"), trial.id()));

        assertThat(m.report()).isNull();
        assertThat(m.serverExit()).isEqualTo(3);
        assertThat(m.failure())
                .startsWith("the server exited with status 3; the load generator failed: ")
                .contains(agents == 1 ? "" : "loadgen-0: ");
    }

    private static int unusedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
