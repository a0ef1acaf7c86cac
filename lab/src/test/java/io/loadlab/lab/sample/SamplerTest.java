package io.loadlab.lab.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.result.ProcessSample;
import io.loadlab.core.result.ProcessSeries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SamplerTest {
    @Test
    void aJvmsSamplesCarryItsJitCompilerThreadsAndOtherProcessesCarryNone() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "reads /proc");
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            long self = ProcessHandle.current().pid();
            Sampler sampler = new Sampler(
                    List.of(
                            new Sampler.Watched("server", self, null),
                            new Sampler.Watched("other", sleeper.pid(), null)),
                    500);
            sampler.start();
            Thread.sleep(1_200);
            sampler.stop();
            List<ProcessSeries> series = sampler.series();
            List<ProcessSample> jvm = series.get(0).samples();
            assertThat(jvm).isNotEmpty();
            for (ProcessSample s : jvm) {
                assertThat(s.cpuJit()).as("this JVM has compiler threads").isNotNull();
                // a part of its CPU; the threads are read a moment after the process, so a tick or two more at most
                assertThat(s.cpuJit()).isBetween(0.0, s.cpu() + 0.1);
            }
            assertThat(series.get(1).samples())
                    .isNotEmpty()
                    .allSatisfy(s -> assertThat(s.cpuJit()).isNull());
        } finally {
            sleeper.destroy();
            sleeper.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
