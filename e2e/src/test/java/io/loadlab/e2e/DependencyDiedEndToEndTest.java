package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's own PostgreSQL, its backend and a load generator each killed (SIGKILL) in the middle of a window, as a
 * crash would: each trial is refused as DEPENDENCY_FAILED naming what died and when, the next trial runs on a
 * dependency started again fresh (and the run says so) and is judged as any other, the run exits 1, and no process of
 * it is left.
 */
@Timeout(300)
class DependencyDiedEndToEndTest {
    /** What the test kills in each trial, in the suite's order; null: nothing. */
    private record Kill(String what, Predicate<String> commandLine) {}

    private static final Kill POSTGRES = new Kill("PostgreSQL", c -> c.contains("bin/postgres") && c.contains(" -D "));
    private static final Kill BACKEND = new Kill("the backend", c -> c.contains("backend.job.json"));
    private static final Kill LOADGEN = new Kill("the load generator", c -> c.contains("loadgen.job.json"));

    @Test
    void eachDependencyKilledMidWindowRefusesItsTrialAndTheNextRunsOnAFreshOne(@TempDir Path tmp) throws Exception {
        Path suite = tmp.resolve("died.yaml");
        Files.writeString(suite, """
                name: died
                description: dependencies killed mid-window
                warmup: 1s
                warmup_limit: 3s
                duration: 5s
                backend_delay: 10ms
                experiments:
                  - name: db-killed
                    scenario: {type: crud, reads: 8, writes: 2}
                    models: [netty]
                    connections: [4]
                    rates: [100]
                  - name: db-again
                    scenario: {type: crud, reads: 8, writes: 2}
                    models: [netty]
                    connections: [4]
                    rates: [100]
                  - name: load-killed
                    scenario: {type: plaintext}
                    models: [netty]
                    connections: [4]
                    rates: [100]
                  - name: backend-killed
                    scenario: {type: backend}
                    models: [netty]
                    connections: [4]
                    rates: [100]
                  - name: backend-again
                    scenario: {type: backend}
                    models: [netty]
                    connections: [4]
                    rates: [100]
                """);
        List<Kill> plan = new ArrayList<>(List.of(POSTGRES, new Kill(null, c -> false), LOADGEN, BACKEND));
        LabRun r = LabRun.start(tmp.resolve("results"), List.of("run", suite.toString()));
        Path dir = null;
        List<String> killed = new ArrayList<>();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            int trial = 0;
            while (r.process.isAlive() && System.nanoTime() < deadline) {
                dir = r.suiteDir();
                Path t = trial < plan.size() ? measuredTwoSeconds(dir, trial + 1) : null;
                if (t != null) {
                    Kill k = plan.get(trial);
                    if (k.what() != null) {
                        long pid = LabRun.processesOf(dir).stream()
                                .filter(p -> k.commandLine().test(LabRun.commandOf(p)))
                                .findFirst()
                                .orElseThrow(() -> new AssertionError("no process of " + k.what() + "\n" + r.output()));
                        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                        killed.add(k.what() + " (" + pid + ")");
                    }
                    trial++;
                }
                Thread.sleep(100);
            }
            assertThat(r.process.waitFor(30, TimeUnit.SECONDS)).as(r.output()).isTrue();
            assertThat(killed).as(r.output()).hasSize(3);

            SuiteResults s = r.suiteResults();
            assertThat(s.status()).isEqualTo(SuiteResults.COMPLETE);
            assertThat(s.trials()).as(r.output()).hasSize(5);
            refused(s.trials().get(0), "PostgreSQL exited (killed by signal 9) at ");
            judged(s.trials().get(1), r);
            refused(s.trials().get(2), "the load generator exited (killed by signal 9) at ");
            assertThat(s.trials().get(0).rejections())
                    .as("a 503 naming the database is its error, not a shed")
                    .isZero();
            refused(s.trials().get(3), "the backend exited (killed by signal 9) at ");
            judged(s.trials().get(4), r);
            assertThat(s.notes())
                    .as("the run says what it started again")
                    .anyMatch(n -> n.startsWith("PostgreSQL had exited (killed by signal 9): started again fresh"))
                    .anyMatch(n -> n.startsWith("the backend had exited (killed by signal 9): started again fresh"));
            assertThat(r.output()).contains("DEPENDENCY_FAILED", "PostgreSQL had exited");
            assertThat(r.process.exitValue()).as("refused trials fail the run").isEqualTo(1);
            assertThat(LabRun.processesOf(dir)).as("what the run started").isEmpty();
        } finally {
            r.process.destroyForcibly();
            if (dir != null) {
                LabRun.processesOf(dir).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            }
        }
    }

    private static void refused(TrialResult t, String reason) {
        assertThat(t.verdicts()).extracting(Verdict::code).containsExactly(VerdictCode.DEPENDENCY_FAILED);
        assertThat(t.verdicts().get(0).reason()).startsWith(reason).contains("s of the window");
        assertThat(t.valid()).isFalse();
    }

    private static void judged(TrialResult t, LabRun r) {
        assertThat(t.verdicts())
                .as(t.id() + " on its fresh dependency\n" + r.output())
                .extracting(Verdict::code)
                .doesNotContain(VerdictCode.DEPENDENCY_FAILED, VerdictCode.ERRORS, VerdictCode.APP_BROKEN);
        assertThat(t.load().throughput().requests()).isPositive();
    }

    /** Trial number {@code n}'s directory once its load generator has measured two seconds, else null. */
    private static Path measuredTwoSeconds(Path suiteDir, int n) throws IOException {
        if (suiteDir == null || !Files.isDirectory(suiteDir.resolve("trials"))) {
            return null;
        }
        String prefix = String.format("%03d-", n);
        try (Stream<Path> trials = Files.list(suiteDir.resolve("trials"))) {
            Path t = trials.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .findFirst()
                    .orElse(null);
            if (t == null || !Files.exists(t.resolve("loadgen.events.jsonl"))) {
                return null;
            }
            try (Stream<String> lines = Files.lines(t.resolve("loadgen.events.jsonl"))) {
                return lines.filter(l -> l.contains("\"progress\"")).count() >= 2 ? t : null;
            }
        }
    }
}
