package io.loadlab.core.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Whether SIGINT and SIGTERM were ignored from a process's start, read from /proc, as a child started under sh sees it. */
class StopSignalTest {

    /** The child: prints what it finds for INT and TERM, and whether it would lose Ctrl-C. */
    public static void main(String[] args) {
        System.out.println(StopSignal.ignoredFromStart("INT") + " " + StopSignal.ignoredFromStart("TERM") + " "
                + (StopSignal.ctrlCLost() != null));
    }

    @Test
    void aChildStartedWithSigintIgnoredKnowsItAndSaysCtrlCIsLost() throws Exception {
        assertThat(child("trap '' INT; ")).isEqualTo("true false true");
    }

    @Test
    void aChildStartedWithSigtermIgnoredKnowsThatToo() throws Exception {
        assertThat(child("trap '' TERM; ").split(" ")[1]).isEqualTo("true");
    }

    @Test
    void otherNamesAreRefused() {
        assertThatThrownBy(() -> StopSignal.ignoredFromStart("HUP")).isInstanceOf(IllegalArgumentException.class);
    }

    private static String child(String prefix) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(
                        "sh",
                        "-c",
                        prefix + "exec \"$0\" -cp \"$1\" " + StopSignalTest.class.getName(),
                        java,
                        System.getProperty("java.class.path"))
                .redirectErrorStream(true)
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    }
}
