package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.host.ConnectionCeiling;
import io.loadlab.core.host.HostFacts;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** loadlab load and loadlab agent refuse more connections per process than the open-file limit lets one hold, before connecting. */
class OpenFileLimitTest {
    /** This machine's: a hard limit of 20,000 less the JVM's 256. */
    private static final ConnectionCeiling HOST =
            new ConnectionCeiling(19_744, 28_232, 19_744, "open files", 32_765, "threads", List.of());

    @Test
    void moreConnectionsThanOneProcessHoldsAskForAgents() {
        assertThatThrownBy(() -> LoadCommand.fitsTheOpenFileLimit(30_000, 1, HOST))
                .isInstanceOf(UserError.class)
                .hasMessage("-c 30000 puts 30000 connections in one process, and this host lets a process hold 19744"
                        + " (its open-file limit less 256 for the JVM): split the load with --agents 2, or raise the"
                        + " limit (loadlab doctor)");
        assertThatThrownBy(() -> LoadCommand.fitsTheOpenFileLimit(39_500, 2, HOST))
                .hasMessageContaining("19750 connections in each of 2 agents")
                .hasMessageContaining("--agents 3");
    }

    @Test
    void whatFitsOrAnUnknownLimitPasses() {
        assertThatCode(() -> LoadCommand.fitsTheOpenFileLimit(19_744, 1, HOST)).doesNotThrowAnyException();
        assertThatCode(() -> LoadCommand.fitsTheOpenFileLimit(30_000, 2, HOST)).doesNotThrowAnyException();
        var unknown = new ConnectionCeiling(-1, 28_232, -1, "?", 32_765, "threads", List.of());
        assertThatCode(() -> LoadCommand.fitsTheOpenFileLimit(1_000_000, 1, unknown))
                .doesNotThrowAnyException();
    }

    @Test
    void anAgentChecksItsShareAgainstItsOwnHost() {
        long perProcess = ConnectionCeiling.of(HostFacts.read()).perProcess();
        Assumptions.assumeTrue(perProcess > 0, "this host reports no open-file limit");
        String connections = Long.toString(2 * perProcess + 1);

        CliTest.Result r =
                CliTest.run("agent", "--agents", "2", "--index", "1", "-c", connections, "http://127.0.0.1:1/");

        assertThat(r.exit()).as(r.err()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err().strip())
                .startsWith("loadlab")
                .contains("connections in each of 2 agents")
                .contains("split the load with --agents 3")
                .doesNotContain("Exception");
        assertThat(r.out()).as("nothing started").isEmpty();
    }
}
