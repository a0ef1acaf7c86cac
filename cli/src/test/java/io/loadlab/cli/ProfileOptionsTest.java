package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --profile and --no-profile: a contradiction or an unknown mode is a one-line usage error before anything runs. */
class ProfileOptionsTest {
    /** Where a run these flags failed to stop would write: never the project's own results directory. */
    @TempDir
    Path results;

    @Test
    void profileAndNoProfileContradictEachOther() {
        CliTest.Result r = CliTest.run(
                "run", "--scenario", "plaintext", "--profile", "--no-profile", "--results", results.toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(results).isEmptyDirectory();
        assertThat(r.err())
                .contains("--profile and --no-profile contradict each other")
                .doesNotContain("Exception");
    }

    @Test
    void anUnknownModeNamesTheChoices() {
        CliTest.Result r =
                CliTest.run("run", "--scenario", "plaintext", "--profile=lock", "--results", results.toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(results).isEmptyDirectory();
        assertThat(r.err())
                .contains("--profile: unknown profile mode 'lock': use cpu, itimer, ctimer, wall or alloc")
                .doesNotContain("at io.");
    }

    @Test
    void compareOfAMissingDirectoryIsAUserError() {
        CliTest.Result r = CliTest.run("compare", "/nonexistent/a", "/nonexistent/b");
        assertThat(r.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).doesNotContain("Exception");
    }
}
