package io.loadlab.lab.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.proc.TaskStats;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm-up's gate on real processes: a JVM compiling, the same JVM at rest, and a process that is not a JVM. */
class JitWatchTest {
    @Test
    void aCompilingJvmIsNotQuietUntilItsCompilerRestsAndAProcessWithoutOneIsQuietAtOnce(@TempDir Path tmp)
            throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "reads /proc");
        Path source = Files.writeString(
                tmp.resolve("Rest.java"),
                "class Rest { public static void main(String[] a) throws Exception {"
                        + " System.out.println(\"up\"); Thread.sleep(60_000); } }");
        String java = ProcessHandle.current().info().command().orElseThrow();
        // -Xcomp compiles every method at its first call: the source launcher's compiler keeps C1 busy for seconds
        Process jvm = new ProcessBuilder(java, "-Xcomp", "-XX:TieredStopAtLevel=1", source.toString())
                .redirectErrorStream(true)
                .start();
        Process other = new ProcessBuilder("sleep", "60").start();
        try {
            assertThat(new JitWatch(other.pid()).quiet())
                    .as("no compiler threads: quiet at once")
                    .isTrue();

            JitWatch watch = new JitWatch(jvm.pid());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!hasCompilerThreads(jvm.pid()) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            double busiest = 0;
            var out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            Thread reader = Thread.ofVirtual().start(() -> {
                try {
                    out.readLine();
                } catch (Exception ignored) {
                    // the JVM ended: the asserts below say so
                }
            });
            // a whole second of polls at least: a fast host may finish compiling before the watch has seen one, and
            // the watch's first second still holds all of it
            long firstSecond = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1_200);
            while ((reader.isAlive() || System.nanoTime() < firstSecond) && System.nanoTime() < deadline) {
                watch.quiet();
                busiest = Math.max(busiest, watch.lastCores());
                Thread.sleep(200);
            }
            assertThat(reader.isAlive()).as("the JVM started within a minute").isFalse();
            assertThat(busiest)
                    .as("while it compiled, its compiler threads wanted a tenth of a core or more")
                    .isGreaterThanOrEqualTo(JitWatch.QUIET_CORES);

            boolean quiet = false;
            long restDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!quiet && System.nanoTime() < restDeadline) {
                Thread.sleep(200);
                quiet = watch.quiet();
            }
            assertThat(quiet).as("asleep, its JIT went quiet").isTrue();
        } finally {
            for (Process p : List.of(jvm, other)) {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    private static boolean hasCompilerThreads(long pid) {
        TaskStats t = TaskStats.read(pid);
        return t != null && t.compilerThreads() > 0;
    }
}
