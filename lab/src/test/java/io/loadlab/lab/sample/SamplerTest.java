package io.loadlab.lab.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.proc.ProcFs;
import io.loadlab.core.proc.ProcessStat;
import io.loadlab.core.proc.TaskStats;
import io.loadlab.core.result.ProcessSample;
import io.loadlab.core.result.ProcessSeries;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SamplerTest {
    @Test
    void aJvmsSamplesCarryItsJitCompilerThreadsAndOtherProcessesCarryNone(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "reads /proc");
        // a JVM of its own: this test JVM's children (other tests') may end mid-sample and take their CPU with them
        Path sleeper = Files.writeString(
                tmp.resolve("Sleeper.java"),
                "class Sleeper { public static void main(String[] a) throws Exception { Thread.sleep(30_000); } }");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process jvm = new ProcessBuilder(java, sleeper.toString()).start();
        Process other = new ProcessBuilder("sleep", "30").start();
        try {
            // its compiler threads start with the JVM, before its main class: wait for them, however busy the host
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!hasCompilerThreads(jvm.pid()) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(hasCompilerThreads(jvm.pid()))
                    .as("the JVM started its JIT compiler threads")
                    .isTrue();
            Sampler sampler = new Sampler(
                    List.of(
                            new Sampler.Watched("server", jvm.pid(), null),
                            new Sampler.Watched("other", other.pid(), null)),
                    500);
            sampler.start();
            Thread.sleep(1_200);
            sampler.stop();
            List<ProcessSeries> series = sampler.series();
            List<ProcessSample> samples = series.get(0).samples();
            assertThat(samples).isNotEmpty();
            for (ProcessSample s : samples) {
                assertThat(s.cpuJit()).as("a JVM has compiler threads").isNotNull();
                // a part of its CPU; the threads are read a moment after the process, so a tick or two more at most
                assertThat(s.cpuJit()).isBetween(0.0, s.cpu() + 0.1);
            }
            assertThat(series.get(1).samples())
                    .isNotEmpty()
                    .allSatisfy(s -> assertThat(s.cpuJit()).isNull());
        } finally {
            for (Process p : List.of(jvm, other)) {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aChildThatEndsLeavesItsCpuInTheTreesSamples() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "reads /proc");
        // a shell that, once told, runs a busy child for 1.5 s and then sleeps: the child ends between two samples
        Process root = new ProcessBuilder("sh", "-c", "read go; timeout 1.5 sh -c 'while :; do :; done'; exec sleep 30")
                .start();
        try {
            ProcessStat before = ProcessStat.read(root.pid()).orElseThrow();
            Sampler sampler = new Sampler(List.of(new Sampler.Watched("server", root.pid(), null)), 1_000);
            sampler.start();
            Thread.sleep(300); // into the first second, so the child ends mid-second, 0.8 s after the last sample
            try (OutputStream in = root.getOutputStream()) {
                in.write('\n');
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (reaped(ProcessStat.read(root.pid()).orElseThrow()) == reaped(before)
                    && System.nanoTime() < deadline) {
                Thread.sleep(20); // until the shell has reaped the child, and holds its time
            }
            Thread.sleep(1_300); // one sample after that
            sampler.stop();
            double used = (ticks(ProcessStat.read(root.pid()).orElseThrow()) - ticks(before))
                    / (double) ProcFs.clockTicksPerSecond();
            assertThat(used).as("the busy child got some CPU").isGreaterThan(0.2);

            List<ProcessSample> samples = sampler.series().get(0).samples();
            double sampled = 0;
            double prevT = 0;
            for (ProcessSample s : samples) {
                sampled += s.cpu() * (s.tS() - prevT);
                prevT = s.tS();
            }
            // the samples hold all of it: before the child's time was counted as its parent's, its last 0.8 s fell out
            assertThat(sampled).isCloseTo(used, offset(0.05));
        } finally {
            root.descendants().forEach(ProcessHandle::destroy);
            root.destroy();
            root.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static long ticks(ProcessStat s) {
        return s.totalTicks() + reaped(s);
    }

    private static long reaped(ProcessStat s) {
        return s.reapedUserTicks() + s.reapedSystemTicks();
    }

    private static boolean hasCompilerThreads(long pid) {
        TaskStats t = TaskStats.read(pid);
        return t != null && t.compilerThreads() > 0;
    }
}
