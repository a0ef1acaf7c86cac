package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Usage errors of {@code loadlab run}: one line, exit 2, before anything is started. */
class RunCommandTest {
    record Result(int code, String err) {}

    static Result run(String... args) {
        StringWriter err = new StringWriter();
        var cl = Main.commandLine();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        int code = cl.execute(args);
        return new Result(code, err.toString());
    }

    @Test
    void theHelpQuotesTheDefaultsTheLabUses() {
        String help =
                Main.commandLine().getSubcommands().get("run").getUsageMessage().replaceAll("\\s+", " ");
        assertThat(help)
                .contains("ad hoc default: " + io.loadlab.loadgen.LoadgenDefaults.DURATION + ")")
                .contains("ad hoc default: " + io.loadlab.lab.LabDefaults.SUITE_WARMUP + ";")
                .contains("never less than " + io.loadlab.lab.LabDefaults.LOADGEN_WARMUP + ",")
                .contains("(default: " + io.loadlab.lab.LabDefaults.WARMUP_LIMIT + ";")
                .contains("(default: " + io.loadlab.lab.LabDefaults.RESULTS_DIR + ")");
    }

    @Test
    void anUnknownSuiteListsTheKnownOnes() {
        Result r = run("run", "no-such-suite");
        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("no suite 'no-such-suite'", "quick");
    }

    @Test
    void yourOwnServerNeedsItsUrlAndAScenario() {
        assertThat(run("run", "--server-cmd", "true", "--scenario", "json").err())
                .contains("--server-url");
        assertThat(run("run", "--server-cmd", "true", "--server-url", "http://127.0.0.1:9")
                        .err())
                .contains("--scenario");
        assertThat(run("run", "--server-cmd", "true", "--server-url", "ftp://x", "--scenario", "json")
                        .err())
                .contains("http://127.0.0.1:8080");
    }

    @Test
    void anAlreadyRunningServerNeedsAScenario() {
        Result noScenario = run("run", "--server-url", "http://127.0.0.1:9");
        assertThat(noScenario.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(noScenario.err().strip())
                .isEqualTo("loadlab run: --server-url needs --scenario (plaintext, json,"
                        + " delay, mixed, backend, crud or a scenario file)");
        assertThat(run("run", "--server-url", "127.0.0.1:9", "--scenario", "json")
                        .err())
                .contains("--server-url: server 'external' needs a base URL such as http://127.0.0.1:8080");
        assertThat(run("run", "--scenario", "json", "--threshold", "p99<", "-c", "1k")
                        .err()
                        .strip())
                .startsWith("loadlab run: --threshold 'p99<' is not METRIC OP VALUE");
        assertThat(run("run", "--scenario", "json", "-c", "lots").err())
                .contains("expected a whole number such as 100 or 10k, got 'lots'");
    }

    @Test
    void namedServersMustNotTakeACatalogNameAndEachNeedsAName() {
        Result clash = run(
                "run",
                "--server-cmd",
                "netty=java -jar app.jar",
                "--server-url",
                "http://127.0.0.1:9",
                "--scenario",
                "json");
        assertThat(clash.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(clash.err().strip())
                .startsWith("loadlab run: --server-cmd: server name 'netty' is taken by the model catalog");
        Result unnamed = run(
                "run",
                "--server-cmd",
                "a=./a",
                "--server-cmd",
                "./b",
                "--server-url",
                "http://127.0.0.1:9",
                "--scenario",
                "json");
        assertThat(unnamed.err()).contains("--server-cmd given more than once wants NAME=CMD each, got './b'");
        Result twice = run(
                "run",
                "--server-cmd",
                "a=./a",
                "--server-cmd",
                "a=./b",
                "--server-url",
                "http://127.0.0.1:9",
                "--scenario",
                "json");
        assertThat(twice.err()).contains("two servers are named 'a'");
    }

    @Test
    void badValuesSayWhatWasExpected() {
        assertThat(run("run", "--scenario", "teapot").err()).contains("unknown scenario 'teapot'");
        assertThat(run("run", "--scenario", "json", "--model", "glassfish").err())
                .contains("unknown model 'glassfish'");
        assertThat(run("run", "quick", "--scenario", "json").err()).contains("not both");
        assertThat(run("run", "--scenario", "json", "--cpus", "1:0").err()).contains("SERVER:LOADGEN:DEPS");
        assertThat(run("run", "--scenario", "json", "-d", "0s").code()).isEqualTo(Main.EXIT_USAGE);
    }

    @Test
    void aResultsDirectoryThatCannotBeMadeIsTheUsersToFix(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "in the way");

        Result r = run("run", "--scenario", "json", "--model", "netty", "-c", "1", "--results", file.toString());

        assertThat(r.code()).as(r.err()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err().strip())
                .startsWith("loadlab run: cannot create the results directory " + file + "/adhoc-")
                .contains("(not a directory at ")
                .endsWith("choose a writable directory with --results")
                .doesNotContain("\tat ", "Exception");
        assertThat(Files.readString(file)).isEqualTo("in the way");
    }
}
