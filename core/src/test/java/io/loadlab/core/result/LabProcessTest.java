package io.loadlab.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results directory's lab.pid tells a suite still running from one whose lab is gone. */
class LabProcessTest {
    private static SuiteResults withStatus(String status) {
        return new SuiteResults(
                SuiteResults.SCHEMA_VERSION,
                "s",
                "d",
                status,
                "2026-11-28T00:00:00Z",
                null,
                null,
                null,
                null,
                List.of(),
                List.of());
    }

    @Test
    void thisJvmIsAliveAndItsFileReadsBack(@TempDir Path dir) throws Exception {
        LabProcess me = LabProcess.current();
        assertThat(me).isNotNull();
        assertThat(me.alive()).isTrue();
        me.write(dir);
        assertThat(LabProcess.of(dir)).contains(me);
        assertThat(LabProcess.resolve(withStatus(SuiteResults.RUNNING), dir).status())
                .isEqualTo(SuiteResults.RUNNING);
    }

    @Test
    void aRunningSuiteWhoseLabEndedIsAbandoned(@TempDir Path dir) throws Exception {
        Process p = new ProcessBuilder("sleep", "30").start();
        Instant started = p.toHandle().info().startInstant().orElseThrow();
        assertThat(new LabProcess(p.pid(), started).alive()).isTrue();
        p.destroyForcibly().waitFor();
        new LabProcess(p.pid(), started).write(dir);
        assertThat(LabProcess.resolve(withStatus(SuiteResults.RUNNING), dir).status())
                .isEqualTo(SuiteResults.ABANDONED);
        // a suite that ended says so itself, whatever became of its lab
        assertThat(LabProcess.resolve(withStatus(SuiteResults.COMPLETE), dir).status())
                .isEqualTo(SuiteResults.COMPLETE);
    }

    @Test
    void aLivePidThatStartedAtAnotherInstantIsNotTheLab(@TempDir Path dir) throws Exception {
        LabProcess me = LabProcess.current();
        LabProcess reused = new LabProcess(me.pid(), me.started().minusSeconds(3600));
        assertThat(reused.alive()).isFalse();
        reused.write(dir);
        assertThat(LabProcess.resolve(withStatus(SuiteResults.RUNNING), dir).status())
                .isEqualTo(SuiteResults.ABANDONED);
    }

    @Test
    void withoutTheFileOrWithAnUnreadableOneNothingChanges(@TempDir Path dir) throws Exception {
        assertThat(LabProcess.resolve(withStatus(SuiteResults.RUNNING), dir).status())
                .isEqualTo(SuiteResults.RUNNING);
        Files.writeString(dir.resolve(LabProcess.FILE), "not a pid\n");
        assertThat(LabProcess.of(dir)).isEmpty();
        assertThat(LabProcess.resolve(withStatus(SuiteResults.RUNNING), dir).status())
                .isEqualTo(SuiteResults.RUNNING);
    }
}
