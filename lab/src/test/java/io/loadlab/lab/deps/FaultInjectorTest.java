package io.loadlab.lab.deps;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.lab.spec.Fault;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults caused on purpose against the lab's own PostgreSQL and reference backend: a kill starts the dependency again
 * where it was, a stop continues it, the outage is timed from the signal to its next answer, and the watch counts none
 * of it as a failure; a kill the lab did not cause is one.
 */
@Timeout(120)
class FaultInjectorTest {
    @TempDir
    Path dir;

    private final ProcessRegistry registry = new ProcessRegistry(java.time.Duration.ofSeconds(5));
    private final ChildLauncher launcher =
            new ChildLauncher(registry, List.of(), false, System.getProperty("java.class.path"), Map.of());

    @AfterEach
    void stop() {
        registry.stopAll();
    }

    @Test
    void killedAndStoppedDependenciesComeBackWhereTheyWereAndOnlyAnUnplannedDeathIsAFailure() throws Exception {
        try (Dependencies deps = Dependencies.start(
                true, true, false, false, launcher, registry, null, Duration.ofMillis(10), null, null, dir)) {
            List<DependencyWatch.Watched> all = new ArrayList<>(deps.watched(ScenarioSpec.of(ScenarioKind.CRUD)));
            all.addAll(deps.watched(ScenarioSpec.of(ScenarioKind.BACKEND)));
            assertThat(all)
                    .extracting(DependencyWatch.Watched::name)
                    .containsExactlyInAnyOrder(Dependencies.POSTGRES, Dependencies.BACKEND);
            String backendUrl = deps.backendUrl();
            String dbUri = deps.database().uri();
            long start = System.nanoTime();
            try (DependencyWatch watch = DependencyWatch.start(all)) {
                long postmaster = deps.processes(Dependencies.POSTGRES).get(0).pid();
                DependencyWork.Outage db = cause(deps, watch, start, Fault.Target.POSTGRES, Fault.Action.KILL, null);
                assertThat(db.cause()).isEqualTo("PostgreSQL killed (SIGKILL) and restarted");
                assertThat(db.endS() - db.atS()).as("a restart on its data").isLessThan(8);
                assertThat(deps.processes(Dependencies.POSTGRES).get(0).pid()).isNotEqualTo(postmaster);
                assertThat(deps.database().uri()).as("the same port").isEqualTo(dbUri);
                assertThat(deps.answers(Dependencies.POSTGRES)).isTrue();

                long backendPid = deps.processes(Dependencies.BACKEND).get(0).pid();
                DependencyWork.Outage hung =
                        cause(deps, watch, start, Fault.Target.BACKEND, Fault.Action.STOP, Duration.ofSeconds(1));
                assertThat(hung.endS() - hung.atS()).as("stopped for 1 s").isBetween(0.9, 3.0);
                assertThat(deps.processes(Dependencies.BACKEND).get(0).pid()).isEqualTo(backendPid);

                DependencyWork.Outage killed = cause(deps, watch, start, Fault.Target.BACKEND, Fault.Action.KILL, null);
                assertThat(killed.endS()).isNotNull();
                assertThat(deps.backendUrl()).as("the same port").isEqualTo(backendUrl);
                assertThat(deps.processes(Dependencies.BACKEND).get(0).pid()).isNotEqualTo(backendPid);
                assertThat(watch.failures(start, List.of()))
                        .as("every outage was planned, and the hung backend missed its probes unwatched")
                        .isEmpty();
            }

            // the backend started again is watched as the first was: a kill nobody planned is a failure
            List<DependencyWatch.Watched> again = deps.watched(ScenarioSpec.of(ScenarioKind.BACKEND));
            try (DependencyWatch watch = DependencyWatch.start(again)) {
                long t0 = System.nanoTime();
                deps.processes(Dependencies.BACKEND).get(0).destroyForcibly();
                long deadline = t0 + 10_000_000_000L;
                while (watch.failures(t0, List.of()).isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                assertThat(watch.failures(t0, List.of()))
                        .singleElement()
                        .satisfies(f -> assertThat(f.text()).startsWith("the backend exited (killed by signal 9) at "));
            }
        }
    }

    private static DependencyWork.Outage cause(
            Dependencies deps,
            DependencyWatch watch,
            long windowStart,
            Fault.Target target,
            Fault.Action action,
            Duration length)
            throws InterruptedException {
        double now = (System.nanoTime() - windowStart) / 1e9;
        Duration at = Duration.ofMillis((long) (now * 1000) + 200);
        try (FaultInjector f = FaultInjector.start(new Fault(target, action, at, length), deps, watch, windowStart)) {
            DependencyWork.Outage o = f.outage();
            assertThat(f.problem()).isNull();
            assertThat(o).isNotNull();
            assertThat(o.atS()).isCloseTo(at.toSeconds(), org.assertj.core.data.Offset.offset(0.5));
            assertThat(o.endS()).as(target + " answered again").isNotNull();
            return o;
        }
    }
}
