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
    /** What the test kills in a trial: the process whose command line matches, named as the verdict names it. */
    private record Kill(String what, Predicate<String> commandLine) {}

    private static final Kill POSTGRES = new Kill("PostgreSQL", c -> c.contains("bin/postgres") && c.contains(" -D "));
    private static final Kill BACKEND = new Kill("the backend", c -> c.contains("backend.job.json"));
    private static final Kill LOADGEN = new Kill("the load generator", c -> c.contains("loadgen.job.json"));
    private static final Kill NOTHING = new Kill(null, c -> false);

    /** A lab run and what the test kills in each of its trials, in order (a null {@code what}: nothing). */
    private static final class Run {
        final LabRun lab;
        final List<Kill> plan;
        final List<String> killed = new ArrayList<>();
        Path dir;
        int trial;

        Run(LabRun lab, List<Kill> plan) {
            this.lab = lab;
            this.plan = plan;
        }

        /** Kills what this trial's plan says once it has measured a second; true while the run goes on. */
        boolean step() throws IOException {
            if (!lab.process.isAlive()) {
                return false;
            }
            dir = lab.suiteDir();
            if (trial < plan.size() && measuredASecond(dir, trial + 1) != null) {
                Kill k = plan.get(trial);
                if (k.what() != null) {
                    long pid = LabRun.processesOf(dir).stream()
                            .filter(p -> k.commandLine().test(LabRun.commandOf(p)))
                            .findFirst()
                            .orElseThrow(() -> new AssertionError("no process of " + k.what() + "\n" + lab.output()));
                    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                    killed.add(k.what() + " (" + pid + ")");
                }
                trial++;
            }
            return true;
        }

        /** The run ended as a run with refused trials does: exit 1, every trial kept, nothing of it left. */
        SuiteResults ended(int trials) throws Exception {
            assertThat(lab.process.waitFor(30, TimeUnit.SECONDS))
                    .as(lab.output())
                    .isTrue();
            assertThat(killed).as(lab.output()).hasSize((int)
                    plan.stream().filter(k -> k.what() != null).count());
            SuiteResults s = lab.suiteResults();
            assertThat(s.status()).isEqualTo(SuiteResults.COMPLETE);
            assertThat(s.trials()).as(lab.output()).hasSize(trials);
            assertThat(lab.output()).contains("DEPENDENCY_FAILED");
            assertThat(lab.process.exitValue())
                    .as("refused trials fail the run")
                    .isEqualTo(1);
            assertThat(LabRun.processesOf(dir)).as("what the run started").isEmpty();
            return s;
        }

        void stop() {
            lab.process.destroyForcibly();
            if (dir != null) {
                LabRun.processesOf(dir).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            }
        }
    }

    private static final String SUITE = """
            name: NAME
            description: dependencies killed mid-window
            warmup: 0s
            warmup_limit: 3s
            duration: 4s
            backend_delay: 10ms
            experiments:
            """;

    private static String experiment(String name, String scenario) {
        return """
                  - name: %s
                    scenario: %s
                    models: [netty]
                    connections: [4]
                    rates: [100]
                """.formatted(name, scenario);
    }

    @Test
    void eachDependencyKilledMidWindowRefusesItsTrialAndTheNextRunsOnAFreshOne(@TempDir Path tmp) throws Exception {
        // three runs side by side, each at 100 req/s: PostgreSQL's, the backend's and the load generator's
        String crud = "{type: crud, reads: 8, writes: 2}";
        String backend = "{type: backend}";
        Run db =
                start(tmp, "database", experiment("db-killed", crud) + experiment("db-again", crud), POSTGRES, NOTHING);
        Run be = start(
                tmp,
                "backend",
                experiment("backend-killed", backend) + experiment("backend-again", backend),
                BACKEND,
                NOTHING);
        Run load = start(tmp, "load", experiment("load-killed", "{type: plaintext}"), LOADGEN);
        List<Run> runs = List.of(db, be, load);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(200);
            boolean going = true;
            while (going && System.nanoTime() < deadline) {
                going = false;
                for (Run r : runs) {
                    going |= r.step();
                }
                Thread.sleep(100);
            }

            SuiteResults d = db.ended(2);
            refused(d.trials().get(0), "PostgreSQL exited (killed by signal 9) at ");
            assertThat(d.trials().get(0).rejections())
                    .as("a 503 naming the database is its error, not a shed")
                    .isZero();
            judged(d.trials().get(1), db.lab);
            assertThat(d.notes())
                    .as("the run says what it started again")
                    .anyMatch(n -> n.startsWith("PostgreSQL had exited (killed by signal 9): started again fresh"));

            SuiteResults b = be.ended(2);
            refused(b.trials().get(0), "the backend exited (killed by signal 9) at ");
            judged(b.trials().get(1), be.lab);
            assertThat(b.notes())
                    .anyMatch(n -> n.startsWith("the backend had exited (killed by signal 9): started again fresh"));

            refused(load.ended(1).trials().get(0), "the load generator exited (killed by signal 9) at ");
        } finally {
            runs.forEach(Run::stop);
        }
    }

    private static Run start(Path tmp, String name, String experiments, Kill... plan) throws IOException {
        Path suite = tmp.resolve(name + ".yaml");
        Files.writeString(suite, SUITE.replace("NAME", name) + experiments);
        return new Run(LabRun.start(tmp.resolve(name), List.of("run", suite.toString())), List.of(plan));
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

    /** Trial number {@code n}'s directory once its load generator has measured a second, else null. */
    private static Path measuredASecond(Path suiteDir, int n) throws IOException {
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
                return lines.anyMatch(l -> l.contains("\"progress\"")) ? t : null;
            }
        }
    }
}
