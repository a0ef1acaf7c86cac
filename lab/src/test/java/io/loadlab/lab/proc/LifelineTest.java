package io.loadlab.lab.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The lifeline ends the marked processes, by PID, once its pipe closes, and nothing else; signals do not end it. */
@Timeout(60)
class LifelineTest {
    private final String value = "/tmp/lifeline-test-" + UUID.randomUUID();
    private final String marker = "LOADLAB_RESULTS=" + value;
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void endAll() {
        started.forEach(Process::destroyForcibly);
    }

    private Process sleeper(String env, String script) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", script);
        String[] kv = env.split("=", 2);
        pb.environment().put(kv[0], kv[1]);
        Process p = pb.start();
        started.add(p);
        return p;
    }

    @Test
    void whenItsPipeClosesItEndsEveryMarkedProcessEvenOneThatIgnoresSigtermAndNoOther() throws Exception {
        Process plain = sleeper(marker, "exec sleep 60");
        Process stubborn = sleeper(marker, "trap '' TERM; sleep 60 & wait; sleep 60");
        Process other = sleeper(marker + "-another-run", "exec sleep 60");
        Lifeline lifeline = Lifeline.start("LOADLAB_RESULTS", value);
        Thread.sleep(300); // the shells have set their traps
        long t0 = System.nanoTime();
        lifeline.close();
        double took = (System.nanoTime() - t0) / 1e9;
        assertThat(plain.waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(stubborn.waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(stubborn.exitValue())
                .as("ended by SIGKILL after the grace period")
                .isEqualTo(128 + 9);
        assertThat(took).as("the grace period, 5 s, then SIGKILL").isBetween(4.0, 30.0);
        assertThat(other.isAlive()).as("another run's process").isTrue();
        assertThat(ProcessHandle.of(lifeline.pid())).isEmpty();
    }

    @Test
    void signalsToItDoNotEndItOnlyItsPipeDoes() throws Exception {
        Process marked = sleeper(marker, "exec sleep 60");
        Lifeline lifeline = Lifeline.start("LOADLAB_RESULTS", value);
        Thread.sleep(300);
        for (String sig : List.of("-TERM", "-INT", "-HUP")) {
            new ProcessBuilder("kill", sig, Long.toString(lifeline.pid()))
                    .start()
                    .waitFor();
        }
        Thread.sleep(300);
        assertThat(ProcessHandle.of(lifeline.pid()).map(ProcessHandle::isAlive)).contains(true);
        assertThat(marked.isAlive()).isTrue();
        lifeline.close();
        assertThat(marked.waitFor(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void itCarriesNoMarkerOfItsOwn() throws Exception {
        Lifeline lifeline = Lifeline.start("LOADLAB_RESULTS", value);
        try {
            String env = Files.readString(Path.of("/proc", Long.toString(lifeline.pid()), "environ"));
            assertThat(env.split("\0")).noneMatch(v -> v.startsWith("LOADLAB_RESULTS="));
        } finally {
            lifeline.close();
        }
    }
}
