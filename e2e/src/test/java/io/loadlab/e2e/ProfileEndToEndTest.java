package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ServerProfile;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A user's own server, a JVM started by {@code --server-cmd}, is profiled through the Attach API like the lab's. */
class ProfileEndToEndTest {
    @Test
    void aUsersOwnJvmGetsAFlameGraphAndItsFigures(@TempDir Path tmp) throws Exception {
        int port = LabRun.freePort();
        LabRun r = LabRun.run(tmp, 120, VerdictsEndToEndTest.adHoc(port, "ok", "plaintext", "4", "--profile"));
        TrialResult t = r.suiteResults().trials().get(0);
        ServerProfile p = t.server().profile();
        assertThat(p).as(r.output()).isNotNull();
        assertThat(p.profiler()).as(String.join("; ", p.notes())).contains("every");
        assertThat(p.samples()).isPositive();
        assertThat(p.jvm().threadsPeak()).isPositive();
        assertThat(p.perRequest().cpuUs()).isPositive();
        assertThat(r.suiteDir().resolve(t.files().get("flame_graph"))).isRegularFile();
        assertThat(Files.readString(r.suiteDir().resolve("report.html"))).contains("Inside the servers");
        assertThat(LabRun.processesOf(r.suiteDir())).isEmpty();

        // compare's inside view on two trial directories (here the trial and itself: every ratio is 1)
        Path trial = r.suiteDir().resolve(t.files().get("dir"));
        Path diff = tmp.resolve("diff.html");
        String[] out = compare(trial.toString(), trial.toString(), "--flame-diff", diff.toString());
        assertThat(out[0]).isEqualTo("0");
        assertThat(out[1])
                .contains("CPU per request", "allocation per request", "voluntary ctx switches per request")
                .contains("1.00×")
                .contains("Frames whose share of the samples moved most");
        assertThat(Files.readString(diff)).contains("<canvas");

        String[] mixed = compare(trial.toString(), r.suiteDir().toString());
        assertThat(mixed[0]).isEqualTo("2");
        assertThat(mixed[2])
                .contains("two results directories or two trial directories")
                .doesNotContain("Exception");
    }

    /** {@code loadlab compare ARGS} in this JVM: exit status, standard output, standard error. */
    private static String[] compare(String... args) {
        picocli.CommandLine cl = io.loadlab.cli.Main.commandLine();
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        List<String> all = new java.util.ArrayList<>(List.of("compare"));
        all.addAll(List.of(args));
        int exit = cl.execute(all.toArray(String[]::new));
        return new String[] {Integer.toString(exit), out.toString(), err.toString()};
    }

    /**
     * A trial of a user's command run with {@code --no-profile} (UserModelsEndToEndTest's keep-alive suite): nothing
     * profiled, and the collections of the JVMs the lab started, and only theirs, logged and counted.
     */
    static void recordsNoProfile(LabRun r, TrialResult t) throws Exception {
        assertThat(t.server().profile()).as(r.output()).isNull();
        assertThat(t.files()).doesNotContainKeys("flame_graph", "profile_jfr");
        // the load generator is a JVM the lab started: its collections are logged and counted each second; the
        // user's command is not, and its samples say nothing of collections rather than "none"
        assertThat(t.files()).containsKey("loadgen_gc_log").doesNotContainKey("server_gc_log");
        assertThat(r.suiteDir().resolve(t.files().get("loadgen_gc_log")))
                .content()
                .contains("Using ");
        assertThat(t.resources().process("loadgen").samples())
                .isNotEmpty()
                .allSatisfy(s -> assertThat(s.gcPauses()).isNotNull());
        assertThat(t.resources().process("server").samples())
                .allSatisfy(s -> assertThat(s.gcPauses()).isNull());
        // the load generator's collections before the window are counted too; the user's server's are unknown
        assertThat(t.resources().process("loadgen").gcPausesBefore()).isNotNull();
        assertThat(t.resources().process("server").gcPausesBefore()).isNull();
        assertThat(Files.readString(r.suiteDir().resolve("report.html"))).doesNotContain("Inside the servers");
    }
}
