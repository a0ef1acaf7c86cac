package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A full, over-quota or read-only file system is one line naming the file and what to do, not an internal error. */
class DiskFailureTest {
    private static String failWith(Exception e, int[] exit) {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new RunCommand());
        cl.setErr(new PrintWriter(err));
        exit[0] = Main.onFailure(e, cl, null);
        return err.toString();
    }

    @Test
    void aFullDiskIsOneLineNamingTheFile() {
        IOException os = new IOException("No space left on device");
        IOException ours = new IOException("cannot write /mnt/r/results.json: " + os.getMessage(), os);
        int[] exit = new int[1];
        String out = failWith(new UncheckedIOException(ours), exit);
        assertThat(out.lines())
                .singleElement()
                .isEqualTo("loadlab run: cannot write /mnt/r/results.json: No space left on device; free space on"
                        + " that file system, or write elsewhere (--results)");
        assertThat(exit[0]).isEqualTo(Main.EXIT_USAGE);
        assertThat(Main.diskFailure(new IOException("Read-only file system"))).isNotNull();
    }

    @Test
    void otherFailuresStayInternalErrorsWithTheirTrace() {
        int[] exit = new int[1];
        String out = failWith(new IOException("Connection reset by peer"), exit);
        assertThat(out).startsWith("loadlab run: internal error: java.io.IOException: Connection reset by peer");
        assertThat(out.lines().count()).isGreaterThan(1);
        assertThat(exit[0]).isEqualTo(Main.EXIT_INTERNAL);
        assertThat(Main.diskFailure(new IllegalStateException("No space left on device")))
                .isNull();
    }
}
