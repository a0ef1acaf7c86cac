package io.loadlab.e2e;

import static io.loadlab.e2e.VerdictsEndToEndTest.adHoc;
import static io.loadlab.e2e.VerdictsEndToEndTest.codes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.testkit.QuietHost;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The verdicts that read the CPU, each on a purpose-built bad case through {@code loadlab run --server-cmd}: a load
 * generator starved by a busy loop on its core, a backend that burns its own.
 */
@Isolated("a busy loop saturates the load generator's core, a backend its own: no other run may share them")
class SaturationEndToEndTest {
    @Test
    void aStarvedLoadGeneratorIsLoadgenSaturated(@TempDir Path tmp) throws Exception {
        assumeTrue(
                Runtime.getRuntime().availableProcessors() >= 2 && Files.isExecutable(Path.of("/usr/bin/taskset")),
                "needs 2 CPUs and taskset to pin the load generator beside a busy loop");
        // Two spinning threads on CPU 0, where the load generator is pinned: CPU 0 is never idle.
        Process busy = new ProcessBuilder(
                        "taskset", "-c", "0", LabRun.JAVA, "-cp", LabRun.CP, "io.loadlab.e2e.fake.BusyLoop", "2")
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("busy.log").toFile())
                .start();
        try {
            int port = LabRun.freePort();
            LabRun r = LabRun.run(tmp.resolve("results"), 120, adHoc(port, "ok", "plaintext", "4", "--cpus", "1:0:0"));
            TrialResult t = r.suiteResults().trials().get(0);
            assertThat(codes(t)).as(r.output()).contains(VerdictCode.LOADGEN_SATURATED);
            Verdict v = t.verdicts().stream()
                    .filter(x -> x.code() == VerdictCode.LOADGEN_SATURATED)
                    .findFirst()
                    .orElseThrow();
            assertThat(v.reason()).contains("load generator's CPU 0", "idle");
        } finally {
            busy.destroyForcibly().waitFor();
        }
    }

    @Test
    void aSaturatedBackendIsDependencyBound(@TempDir Path tmp) throws Exception {
        QuietHost.holds("a backend burning 50 ms of CPU per call keeps a whole core busy", () -> {
            assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs 2 CPUs to give the backend its own");
            int port = LabRun.freePort();
            // One thread burning 50 ms of CPU per call (20 calls/s at most): 16 connections keep it busy all the time,
            // while the server and the load generator have next to nothing to do.
            String backend = LabRun.JAVA + " -cp " + LabRun.CP + " io.loadlab.e2e.fake.FakeBackend 50";
            LabRun r = LabRun.run(
                    tmp, 120, adHoc(port, "ok", "backend", "16", "--backend-cmd", backend, "--cpus", "0:0:1"));
            TrialResult t = r.suiteResults().trials().get(0);
            assertThat(codes(t)).as(r.output()).contains(VerdictCode.DEPENDENCY_BOUND);
            assertThat(t.resources().processes()).anySatisfy(p -> {
                assertThat(p.role()).isEqualTo("backend");
                assertThat(p.cpuMean()).isGreaterThan(0.25);
            });
            assertThat(t.dependencies().backend()).isNotNull();
        });
    }
}
