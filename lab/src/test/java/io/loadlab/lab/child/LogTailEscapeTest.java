package io.loadlab.lab.child;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server's log quoted in a broken trial's reason (and so on the terminal) carries its control bytes escaped. */
class LogTailEscapeTest {
    @Test
    void theTailOfAServerLogIsOneInertLine(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("server.log");
        Files.writeString(log, "# loadlab: started\nstarting\r\n\u001b]0;title\u0007\u001b[2Jcrashed\u009b\tbadly\n");
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        String tail = new ChildProcess("server", done, null, log, dir.resolve("out"), null, null).logTail();
        assertThat(tail).isEqualTo("starting | \\x1b]0;title\\x07\\x1b[2Jcrashed\\x9b badly");
    }
}
