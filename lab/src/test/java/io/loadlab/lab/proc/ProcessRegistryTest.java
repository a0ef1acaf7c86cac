package io.loadlab.lab.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessRegistryTest {
    @Test
    void stopAllEndsChildrenAndTheirDescendantsEvenWhenTheyIgnoreSigterm(@TempDir Path dir) throws Exception {
        ProcessRegistry registry = new ProcessRegistry(Duration.ofMillis(500));
        ChildLauncher launcher = new ChildLauncher(registry, List.of(), false, "", Map.of("LOADLAB_RESULTS", "x"));
        // a shell that ignores SIGTERM and has a child of its own
        Child c = launcher.start("stubborn", List.of("/bin/sh", "-c", "trap '' TERM; sleep 60 & wait"), null, dir);
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (c.process().toHandle().children().findAny().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        List<ProcessHandle> kids = c.process().toHandle().descendants().toList();
        assertThat(kids).isNotEmpty();
        registry.stopAll();
        assertThat(c.process().waitFor(5, java.util.concurrent.TimeUnit.SECONDS))
                .isTrue();
        assertThat(kids).noneMatch(ProcessRegistry::alive);
        assertThat(registry.isRegistered(c.pid())).isFalse();
    }

    @Test
    void announcedChildrenHandOverTheirJsonLineAndLogTheRest(@TempDir Path dir) throws Exception {
        ProcessRegistry registry = new ProcessRegistry(Duration.ofMillis(500));
        ChildLauncher launcher = new ChildLauncher(registry, List.of(), false, "", Map.of());
        Child c = launcher.startAnnounced(
                "backend",
                List.of("/bin/sh", "-c", "echo '{\"port\":1234}'; echo starting >&2; sleep 60"),
                null,
                dir,
                io.loadlab.core.unit.Duration.ofSeconds(10));
        try {
            assertThat(c.port()).isEqualTo(1234);
            assertThat(registry.isRegistered(c.pid())).isTrue();
        } finally {
            registry.stopAll();
        }
        assertThat(Files.readString(dir.resolve("backend.log"))).contains("starting");
    }

    @Test
    void aChildThatDiesBeforeAnnouncingIsAOneLineError(@TempDir Path dir) {
        ProcessRegistry registry = new ProcessRegistry(Duration.ofMillis(500));
        ChildLauncher launcher = new ChildLauncher(registry, List.of(), false, "", Map.of());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> launcher.startAnnounced(
                        "server",
                        List.of("/bin/sh", "-c", "echo 'port 80 in use' >&2; exit 2"),
                        null,
                        dir,
                        io.loadlab.core.unit.Duration.ofSeconds(10)))
                .hasMessageContaining("exited with status 2")
                .hasMessageContaining("port 80 in use");
    }
}
