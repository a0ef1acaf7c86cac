package io.loadlab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LabProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's start names the other runs' processes on the host: in progress, left behind, or of unknown state. */
class OtherRunsTest {
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void endAll() {
        started.forEach(Process::destroyForcibly);
    }

    private Process marked(Path dir) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sleep", "30");
        pb.environment().put("LOADLAB_RESULTS", dir.toString());
        Process p = pb.start();
        started.add(p);
        return p;
    }

    @Test
    void namesEachOtherRunByWhatBecameOfItsLab(@TempDir Path tmp) throws Exception {
        Path own = Files.createDirectories(tmp.resolve("own"));
        Path going = Files.createDirectories(tmp.resolve("going"));
        Path killed = Files.createDirectories(tmp.resolve("killed"));
        Path unknown = Files.createDirectories(tmp.resolve("unknown"));
        LabProcess.current().write(going);
        new LabProcess(LabProcess.current().pid(), Instant.EPOCH).write(killed); // that PID now is another process
        marked(own);
        Process g = marked(going);
        Process k = marked(killed);
        marked(unknown);
        List<String> notes = OtherRuns.notes(own);
        assertThat(notes).hasSize(3).noneMatch(n -> n.contains(own.toString()));
        assertThat(notes)
                .anySatisfy(n -> assertThat(n)
                        .startsWith("another loadlab run is in progress on this host (" + going + ", PID " + g.pid()))
                .anySatisfy(n -> assertThat(n)
                        .startsWith("processes left behind by a loadlab run whose lab has ended (" + killed)
                        .contains("(kill " + k.pid() + ")"))
                .anySatisfy(
                        n -> assertThat(n).startsWith("processes of another loadlab run are on this host (" + unknown));
    }
}
