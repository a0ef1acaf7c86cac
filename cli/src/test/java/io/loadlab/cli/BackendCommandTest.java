package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.backend.BackendDefaults;
import io.loadlab.core.ContractLimits;
import io.loadlab.core.Defaults;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BackendCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void helpQuotesTheDefaults() {
        assertThat(run("backend", "--help")).isEqualTo(Main.EXIT_OK);
        assertThat(out.toString())
                .contains("(default: " + BackendDefaults.BACKEND_DELAY + ")")
                .contains("(default: " + Defaults.HOST + ")")
                .contains("(default: " + Defaults.BACKLOG + ")");
    }

    @Test
    void badDelayIsAUsageError() {
        assertThat(run("backend", "--delay", "soon")).isEqualTo(Main.EXIT_USAGE);
        assertThat(err.toString()).contains("expected a duration such as 250ms");
    }

    @Test
    void delayAboveTheContractLimitIsAUsageError() {
        assertThat(run("backend", "--delay", "61s")).isEqualTo(Main.EXIT_USAGE);
        assertThat(err.toString()).contains("delay must be at most " + ContractLimits.MAX_DELAY_MS + "ms");
    }
}
