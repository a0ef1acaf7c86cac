package io.loadlab.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The database's log quoted in an error message carries its control bytes escaped. */
class LogTailTest {
    @Test
    void controlBytesInTheLogAreEscaped(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("postgres.log");
        Files.writeString(log, "FATAL: \u001b]0;title\u0007\u001b[2J\n");
        assertThat(LogTail.of(log)).isEqualTo("FATAL: \\x1b]0;title\\x07\\x1b[2J (log: " + log + ")");
    }
}
