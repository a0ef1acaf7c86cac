package io.loadlab.lab.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario's client timeout and retries and its trigger, as a suite sets them, and what it refuses. */
class OverloadSuiteTest {
    @Test
    void aScenarioSetsRetriesTimeoutAndATrigger(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("o.yaml");
        Files.writeString(f, """
                experiments:
                  - name: stuck
                    scenario: {type: backend, retries: 3, retry_backoff: 20ms, timeout: 500ms,
                               trigger: {delay: 1s, at: 10s, for: 5s}}
                    models: [thread-pool]
                    connections: 100
                    rates: [200]
                """);
        Overload o = SuiteFiles.read(f).plan().experiments().get(0).scenario().overload();
        assertThat(o.retries()).isEqualTo(3);
        assertThat(o.retryBackoff()).isEqualTo(Duration.ofMillis(20));
        assertThat(o.timeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(o.trigger().schedule(Duration.ofMillis(50)).toString()).isEqualTo("50ms,10s:1s,5s:50ms");
        assertThat(o.trigger().endS()).isEqualTo(15.0);
        assertThat(o.window(Duration.ofSeconds(5)))
                .as("stretched to twice the threshold after the trigger")
                .isEqualTo(Duration.ofSeconds(35));
        assertThat(o.window(Duration.ofSeconds(60))).isEqualTo(Duration.ofSeconds(60));
        assertThat(Overload.NONE.window(Duration.ofSeconds(5))).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void negativeRetriesAndATriggerWithoutTheBackendAreRefused(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, "experiments: [{name: d, scenario: {type: backend, retries: -1}, models: [netty]}]\n");
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("retries must be 0 or more");
        Files.writeString(
                f,
                "experiments: [{name: d, scenario: {type: delay, trigger: {delay: 1s, at: 1s, for: 1s}},"
                        + " models: [netty]}]\n");
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("needs a scenario of type backend");
    }

    @Test
    void theFaultsSuiteKillsPostgresAndTheBackendMidWindow() throws IOException {
        SuitePlan plan = SuiteFiles.read(Path.of("../suites/faults.yaml")).plan();
        Fault db = plan.experiments().get(0).scenario().overload().fault();
        assertThat(db).isEqualTo(new Fault(Fault.Target.POSTGRES, Fault.Action.KILL, Duration.ofSeconds(10), null));
        assertThat(db.cause()).isEqualTo("PostgreSQL killed (SIGKILL) and restarted");
        assertThat(plan.experiments().get(0).scenario().overload().window(Duration.ofSeconds(20)))
                .as("10 s in, up to 10 s to come back, twice the threshold after")
                .isEqualTo(Duration.ofSeconds(40));
        Fault backend = plan.experiments().get(1).scenario().overload().fault();
        assertThat(backend.label()).isEqualTo("kill backend@10s");
        assertThat(plan.experiments().get(1).scenario().overload().disrupted()).isTrue();
    }

    @Test
    void aStopLastsItsForAndABadFaultIsRefusedWithWhatToWrite(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("f.yaml");
        Files.writeString(
                f,
                "experiments: [{name: d, scenario: {type: backend, fault: {stop: backend, at: 5s, for: 3s}},"
                        + " models: [netty]}]\n");
        Fault stop = SuiteFiles.read(f)
                .plan()
                .experiments()
                .get(0)
                .scenario()
                .overload()
                .fault();
        assertThat(stop.longest()).isEqualTo(Duration.ofSeconds(3));
        assertThat(stop.cause()).isEqualTo("the backend stopped (SIGSTOP) for 3s");

        for (String[] bad : new String[][] {
            {"{type: backend, fault: {kill: redis, at: 5s}}", "a fault's target is postgres or backend, not 'redis'"},
            {"{type: backend, fault: {stop: backend, at: 5s}}", "a stop needs how long"},
            {"{type: backend, fault: {kill: backend, at: 5s, for: 2s}}", "a kill takes no 'for'"},
            {"{type: backend, fault: {kill: backend}}", "needs what to kill or stop and when"},
            {"{type: plaintext, fault: {kill: backend, at: 5s}}", "needs a scenario that calls it: type backend"},
            {"{type: backend, fault: {kill: postgres, at: 5s}}", "needs a scenario that uses it: type crud"},
            {
                "{type: backend, trigger: {delay: 1s, at: 1s, for: 1s}, fault: {kill: backend, at: 5s}}",
                "a trigger or a fault, not both"
            }
        }) {
            Files.writeString(f, "experiments: [{name: d, scenario: " + bad[0] + ", models: [netty]}]\n");
            assertThatThrownBy(() -> SuiteFiles.read(f))
                    .as(bad[0])
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining(bad[1]);
        }
    }
}
