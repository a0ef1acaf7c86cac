package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each verdict fires on a purpose-built bad case, through {@code loadlab run --server-cmd} exactly as a user runs
 * it: fake servers that hang, crash or answer wrong, a starved load generator, a saturated backend.
 */
class VerdictsEndToEndTest {
    static List<VerdictCode> codes(TrialResult t) {
        return t.verdicts().stream().map(Verdict::code).toList();
    }

    static List<String> adHoc(int port, String mode, String scenario, String connections, String... more) {
        return adHocFor("3s", port, mode, scenario, connections, more);
    }

    static List<String> adHocFor(
            String duration, int port, String mode, String scenario, String connections, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(
                "run",
                "--server-cmd",
                LabRun.fakeServer(port, mode),
                "--server-url",
                "http://127.0.0.1:" + port,
                "--scenario",
                scenario,
                "-c",
                connections,
                "-d",
                "2s",
                "-w",
                "0",
                // a fixed warm-up of the 3 s minimum: these runs check verdicts, not a steady state
                "--warmup-limit",
                "3s"));
        args.addAll(List.of(more));
        return args;
    }

    @Test
    void aServerThatStopsAnsweringNeverGetsACleanNumber(@TempDir Path tmp) throws Exception {
        int port = LabRun.freePort();
        LabRun r = LabRun.run(tmp, 120, adHoc(port, "stop-after=20", "plaintext", "4"));
        TrialResult t = r.suiteResults().trials().get(0);
        assertThat(t.worstVerdict()).as(r.output()).isIn(VerdictCode.APP_BROKEN, VerdictCode.ERRORS);
        assertThat(t.valid()).isFalse();
        assertThat(r.output()).containsPattern("external +plaintext +4 conn .*(ERRORS|APP_BROKEN)");
        assertThat(r.process.exitValue()).isEqualTo(1);
        assertThat(LabRun.processesOf(r.suiteDir())).isEmpty();
    }

    @Test
    void aWrongBodyIsAppBrokenWithTheFailingCheckAndNoThroughput(@TempDir Path tmp) throws Exception {
        int port = LabRun.freePort();
        LabRun r = LabRun.run(tmp, 120, adHoc(port, "wrong-body", "plaintext", "4"));
        TrialResult t = r.suiteResults().trials().get(0);
        assertThat(codes(t)).containsExactly(VerdictCode.APP_BROKEN);
        assertThat(t.validation().failure()).contains("GET /plaintext body is 'Hello, World!'", "Hello, Moon!");
        assertThat(t.load()).isNull();
        assertThat(r.output()).containsPattern("external +plaintext +4 conn .*— .*APP_BROKEN");
    }

    @Test
    void answersThatSkipTheBackendAreAWorkMismatch(@TempDir Path tmp) throws Exception {
        int port = LabRun.freePort();
        String backend = LabRun.JAVA + " -cp " + LabRun.CP + " io.loadlab.e2e.fake.FakeBackend 0";
        LabRun r = LabRun.run(tmp, 120, adHoc(port, "no-backend", "backend", "4", "--backend-cmd", backend));
        TrialResult t = r.suiteResults().trials().get(0);
        assertThat(codes(t)).as(r.output()).contains(VerdictCode.WORK_MISMATCH);
        assertThat(t.dependencies().backend().calls()).isZero();
    }

    @Test
    void aServerKilledMidTrialIsErrorsTheSuiteGoesOnAndNothingIsOrphaned(@TempDir Path tmp) throws Exception {
        int port = LabRun.freePort();
        LabRun r = LabRun.run(tmp, 150, adHoc(port, "die-after-ms=1500", "plaintext", "4,8"));
        SuiteResults s = r.suiteResults();
        assertThat(s.status()).isEqualTo(SuiteResults.COMPLETE);
        assertThat(s.trials()).hasSize(2);
        for (TrialResult t : s.trials()) {
            assertThat(codes(t)).as(r.output()).contains(VerdictCode.ERRORS);
            assertThat(t.verdicts().get(0).reason()).contains("exited");
        }
        assertThat(LabRun.processesOf(r.suiteDir())).isEmpty();
        assertThat(LabRun.portFree(port)).isTrue();
        Path trial = r.suiteDir().resolve(s.trials().get(0).files().get("dir"));
        assertThat(trial.resolve("server.log")).exists();
        assertThat(trial.resolve("loadgen.log")).exists();
    }
}
