package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.proc.StopSignal;
import io.loadlab.core.result.SuiteResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C during a trial: every process the lab started is gone, the port is free, the finished trial is kept. */
class InterruptEndToEndTest {
    @Test
    void sigintDuringTheSecondTrialLeavesNothingBehindAndKeepsTheFirst(@TempDir Path tmp) throws Exception {
        assumeTrue(StopSignal.ctrlCLost() == null, StopSignal.ctrlCLost());
        int port = LabRun.freePort();
        LabRun r = LabRun.start(
                tmp,
                List.of(
                        "run",
                        "--server-cmd",
                        LabRun.fakeServer(port, "ok"),
                        "--server-url",
                        "http://127.0.0.1:" + port,
                        "--scenario",
                        "delay",
                        "--delay",
                        "10ms",
                        "-c",
                        "2,3,4",
                        "-d",
                        "4s",
                        "-w",
                        "0",
                        "--warmup-limit",
                        "3s"));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (!secondTrialRunning(r) && System.nanoTime() < deadline) {
                assertThat(r.process.isAlive()).as(r.output()).isTrue();
                Thread.sleep(100);
            }
            assertThat(secondTrialRunning(r)).as(r.output()).isTrue();
            Thread.sleep(1500); // well inside the second trial's measurement
            new ProcessBuilder("kill", "-INT", Long.toString(r.process.pid()))
                    .start()
                    .waitFor();
            assertThat(r.process.waitFor(30, TimeUnit.SECONDS)).as(r.output()).isTrue();
        } finally {
            r.process.destroyForcibly();
        }
        Path dir = r.suiteDir();
        assertThat(LabRun.processesOf(dir)).as("processes the lab started").isEmpty();
        assertThat(LabRun.portFree(port)).isTrue();
        SuiteResults s = r.suiteResults();
        assertThat(s.status()).isEqualTo(SuiteResults.INTERRUPTED);
        assertThat(s.trials()).hasSize(1);
        assertThat(s.trials().get(0).load()).isNotNull();
        assertThat(dir.resolve("environment.json")).exists();
        assertThat(dir.resolve(s.trials().get(0).files().get("hlog"))).exists();
        assertThat(r.output()).contains("Interrupted");
        try (Stream<Path> files = Files.walk(dir)) {
            // directories only: a JSON file being written atomically has a .tmp sibling for an instant
            assertThat(files.filter(f ->
                            Files.isDirectory(f) && f.getFileName().toString().endsWith(".tmp")))
                    .as("the JVMs' temporary directories, removed once they were stopped")
                    .isEmpty();
        }
    }

    /** results.json holds one trial and a second trial's directory has its load generator's log. */
    private static boolean secondTrialRunning(LabRun r) throws Exception {
        Path dir = r.suiteDir();
        if (dir == null || !Files.exists(dir.resolve("results.json"))) {
            return false;
        }
        if (r.suiteResults().trials().size() != 1) {
            return false;
        }
        try (Stream<Path> trials = Files.list(dir.resolve("trials"))) {
            return trials.filter(t -> t.getFileName().toString().startsWith("002-"))
                    .anyMatch(t -> Files.exists(t.resolve("loadgen.log")));
        }
    }
}
