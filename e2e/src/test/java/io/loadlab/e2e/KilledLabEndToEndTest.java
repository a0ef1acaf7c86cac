package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.report.ReportWriter;
import io.loadlab.report.ResultsDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab killed outright (SIGKILL: no shutdown hook runs) in the middle of a trial: its lifeline still ends the
 * server, the load generator and the embedded PostgreSQL it started, and its results read as abandoned, not running.
 */
@Timeout(240)
class KilledLabEndToEndTest {
    @Test
    void sigkillDuringATrialLeavesNoProcessOfTheRunBehind(@TempDir Path tmp) throws Exception {
        Path suite = tmp.resolve("crud.yaml");
        Files.writeString(suite, """
                name: killed
                description: crud on netty, killed during its window
                warmup: 3s
                warmup_limit: 3s
                duration: 60s
                experiments:
                  - name: crud
                    scenario: {type: crud, reads: 8, writes: 2}
                    models: [netty]
                    connections: [4]
                """);
        LabRun r = LabRun.start(tmp.resolve("results"), List.of("run", suite.toString()));
        Path dir = null;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
            while (System.nanoTime() < deadline && !measuring(dir = r.suiteDir())) {
                assertThat(r.process.isAlive()).as(r.output()).isTrue();
                Thread.sleep(200);
            }
            assertThat(measuring(dir)).as(r.output()).isTrue();
            List<Long> running = LabRun.processesOf(dir);
            assertThat(running.stream().map(LabRun::commandOf))
                    .as("the run's processes carry its marker, PostgreSQL too")
                    .anyMatch(c -> c.contains("bin/postgres"))
                    .anyMatch(c -> c.contains("server.job.json"))
                    .anyMatch(c -> c.contains("loadgen.job.json"));
            r.process.destroyForcibly(); // SIGKILL
            assertThat(r.process.waitFor(10, TimeUnit.SECONDS)).isTrue();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!LabRun.processesOf(dir).isEmpty() && System.nanoTime() < until) {
                Thread.sleep(200);
            }
            assertThat(LabRun.processesOf(dir).stream().map(LabRun::commandOf))
                    .as("what the killed lab had started")
                    .isEmpty();
            assertThat(r.suiteResults().status()).as("what the lab last wrote").isEqualTo(SuiteResults.RUNNING);
            assertThat(ResultsDir.load(dir).results().status())
                    .as("what a reader makes of it")
                    .isEqualTo(SuiteResults.ABANDONED);
            ReportWriter.write(dir, dir.resolve("report.html"));
            assertThat(Files.readString(dir.resolve("report.html")))
                    .contains("the suite was <b>abandoned</b>")
                    .doesNotContain("the suite is <b>running</b>");
        } finally {
            r.process.destroyForcibly();
            if (dir != null) {
                LabRun.processesOf(dir).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            }
        }
    }

    /** The trial's load generator has started: its log exists. */
    private static boolean measuring(Path suiteDir) throws Exception {
        if (suiteDir == null || !Files.isDirectory(suiteDir.resolve("trials"))) {
            return false;
        }
        try (Stream<Path> trials = Files.list(suiteDir.resolve("trials"))) {
            return trials.anyMatch(t -> Files.exists(t.resolve("loadgen.log")));
        }
    }
}
