package io.loadlab.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LabProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A temporary cluster left by a JVM killed outright is removed at the next start, and nothing else is: not a live
 * JVM's, not one whose server still runs, not one that names no owner, not another program's directory.
 */
class AbandonedClustersTest {
    /** A process that is not running: no PID is this high on Linux (pid_max is at most 2^22). */
    private static final LabProcess GONE = new LabProcess(999_999_999L, Instant.parse("2026-01-01T00:00:00Z"));

    private static Path cluster(Path tmp, String name, LabProcess owner) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name).resolve("data")).getParent();
        Files.writeString(dir.resolve("data/PG_VERSION"), "18\n");
        if (owner != null) {
            owner.write(dir);
        }
        return dir;
    }

    @Test
    void removesOnlyTheClustersWhoseOwnerAndServerAreGone(@TempDir Path tmp) throws Exception {
        Path abandoned = cluster(tmp, EmbeddedPostgres.TEMPORARY_PREFIX + "1", GONE);
        Path live = cluster(tmp, EmbeddedPostgres.TEMPORARY_PREFIX + "2", LabProcess.current());
        Path serving = cluster(tmp, EmbeddedPostgres.TEMPORARY_PREFIX + "3", GONE);
        // a server still running from it (this JVM stands in for the postmaster)
        Files.writeString(
                serving.resolve("data/postmaster.pid"), ProcessHandle.current().pid() + "\n" + serving + "\n");
        Path stopped = cluster(tmp, EmbeddedPostgres.TEMPORARY_PREFIX + "4", GONE);
        Files.writeString(stopped.resolve("data/postmaster.pid"), "999999998\n");
        Path unowned = cluster(tmp, EmbeddedPostgres.TEMPORARY_PREFIX + "5", null);
        Path other = cluster(tmp, "someone-else-1", GONE);

        EmbeddedPostgres.removeAbandoned(tmp);

        assertThat(abandoned).doesNotExist();
        assertThat(stopped).as("its server's PID is gone too").doesNotExist();
        assertThat(live).as("its owner, this JVM, runs").exists();
        assertThat(serving).as("its server runs").exists();
        assertThat(unowned).as("it names no owner").exists();
        assertThat(other).as("not a cluster of ours").exists();
    }

    @Test
    void aDirectoryThatCannotBeListedIsNoError(@TempDir Path tmp) {
        EmbeddedPostgres.removeAbandoned(tmp.resolve("missing"));
    }
}
