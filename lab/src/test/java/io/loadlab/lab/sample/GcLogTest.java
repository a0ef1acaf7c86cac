package io.loadlab.lab.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.loadlab.core.Defaults;
import io.loadlab.core.result.ProcessSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GcLogTest {
    @Test
    void eachPauseCountsInTheSpanItEndedInAndOnlyOnce(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("server.gc.log");
        GcLog log = new GcLog(file);
        assertThat(log.take(0, 1_000)).as("no log: unknown, not zero").isNull();
        Files.writeString(file, """
                [100ns] Using Serial
                [900ns] GC(0) Pause Full (System.gc()) 50M->11M(365M) 78.919ms
                [1500ns] GC(1) Pause Young (Allocation Failure) 102M->27M(365M) 64.556ms
                [1700ns] GC(2) Pause Young (Normal) (G1 Evacuation Pause) 15M->3M(64M) 8.868ms
                [1800ns] GC(3) Major Collection (Warmup) 8M(12%)->8M(12%) 0.042s
                [1810ns] GC(3) Y: Pause Mark Start (Major) 0.012ms
                [1820ns] GC(3) Y: Concurrent Mark 5.103ms
                [1830ns] GC(3) O: Pause Mark End 0.016ms
                [1840ns] GC(3)   Evacuate Collection Set: 6.49ms
                [2500ns] GC(4) Pause Remark 30M->30M(256M) 1.5ms
                [31""");
        // the pause before the span is a trial's before this one; ZGC's collection line is no pause, its phases'
        // pauses are, its concurrent phases and G1's phase lines are not
        GcLog.Pauses first = log.take(1_000, 2_000);
        assertThat(first.count()).isEqualTo(4);
        assertThat(first.ms()).isCloseTo(64.556 + 8.868 + 0.012 + 0.016, offset(1e-9));
        assertThat(first.heapAfterMb())
                .as("after the span's last pause that gives a heap: G1's, not ZGC's phases after it")
                .isEqualTo(3);
        assertThat(log.before())
                .as("the pause that ended before the first span")
                .isEqualTo(1);
        // the half-written line waits for its end; the pause after the span waits for its own
        Files.writeString(
                file, "00ns] GC(5) Pause Young (Allocation Failure) 1M->1M(2M) 2.0ms\n", StandardOpenOption.APPEND);
        GcLog.Pauses second = log.take(2_000, 3_000);
        assertThat(second.count()).isEqualTo(1);
        assertThat(second.ms()).isCloseTo(1.5, offset(1e-9));
        assertThat(second.heapAfterMb()).isEqualTo(30);
        GcLog.Pauses third = log.take(3_000, 4_000);
        assertThat(third.count()).isEqualTo(1);
        assertThat(third.ms()).isCloseTo(2.0, offset(1e-9));
        assertThat(log.take(4_000, 5_000)).isEqualTo(new GcLog.Pauses(0, 0, -1));
    }

    @Test
    void theHeapAfterACollectionIsReadInItsOwnUnitAndIsUnknownWhereTheLineGivesNone() {
        assertThat(GcLog.heapAfterMb("[1ns] GC(7) Pause Young (Allocation Failure) 3429M->3398M(3499M) 276.799ms"))
                .isEqualTo(3398);
        assertThat(GcLog.heapAfterMb("[1ns] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 900K->512K(4M) 1.0ms"))
                .isEqualTo(0.5);
        assertThat(GcLog.heapAfterMb("[1ns] GC(7) Pause Full (Ergonomics) 5G->2G(6G) 812.5ms"))
                .isEqualTo(2048);
        assertThat(GcLog.heapAfterMb("[1ns] GC(3) O: Pause Mark End 0.016ms")).isEqualTo(-1);
    }

    @Test
    void aPathTheJvmCannotBeGivenGetsNoLogAndOneWithAColonOrASpaceIsQuoted() {
        assertThat(Defaults.gcLogFlags(Path.of("/tmp/a\"b/server.gc.log"))).isEmpty();
        assertThat(Defaults.gcLogFlags(Path.of("/tmp/a b:c/server.gc.log")))
                .containsExactly("-Xlog:gc,gc+phases:file=\"/tmp/a b:c/server.gc.log\":timenanos:filecount=0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseSerialGC", "-XX:+UseZGC"})
    void aJvmStartedWithTheFlagsHasItsPausesInTheSamplesOfTheSecondsTheyEndedIn(String collectorFlag, @TempDir Path tmp)
            throws Exception {
        // a directory with a space and a colon: the flag quotes it
        Path dir = Files.createDirectories(tmp.resolve("trial 1:a"));
        Path gcLog = dir.resolve("server.gc.log");
        // a bounded loop of explicit collections: one every 50 ms for at most 20 s
        Path collector = Files.writeString(
                tmp.resolve("Collector.java"),
                "class Collector { public static void main(String[] a) throws Exception {"
                        + " for (int i = 0; i < 400; i++) { System.gc(); Thread.sleep(50); } } }");
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java, collectorFlag));
        cmd.addAll(Defaults.gcLogFlags(gcLog));
        cmd.add(collector.toString());
        Process jvm = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!(Files.exists(gcLog) && Files.readString(gcLog).contains("Pause "))
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(Files.readString(gcLog))
                    .as("the JVM logged its first collection")
                    .contains("Pause ");
            Sampler sampler = new Sampler(
                    List.of(
                            new Sampler.Watched("server", jvm.pid(), null, gcLog),
                            new Sampler.Watched("other", ProcessHandle.current().pid(), null)),
                    500);
            sampler.start();
            Thread.sleep(1_800);
            sampler.stop();
            List<ProcessSample> samples = sampler.series().get(0).samples();
            assertThat(samples)
                    .isNotEmpty()
                    .allSatisfy(s -> assertThat(s.gcPauses()).isNotNull());
            // every 50 ms a collection; however slow the host, some ended in the span sampled
            assertThat(samples.stream().mapToInt(ProcessSample::gcPauses).sum()).isPositive();
            assertThat(samples.stream().mapToDouble(ProcessSample::gcPauseMs).sum())
                    .isPositive();
            // Serial's pause lines give the heap after each collection, ZGC's phases none: unknown, not zero
            boolean serial = collectorFlag.contains("Serial");
            assertThat(samples.stream().filter(s -> s.gcPauses() > 0))
                    .isNotEmpty()
                    .allSatisfy(s -> assertThat(s.gcHeapAfterMb() != null).isEqualTo(serial));
            assertThat(samples.stream().filter(s -> s.gcPauses() == 0))
                    .allSatisfy(s -> assertThat(s.gcHeapAfterMb()).isNull());
            assertThat(sampler.series().get(1).samples())
                    .isNotEmpty()
                    .allSatisfy(s -> assertThat(s.gcPauses()).isNull());
            // the collection the test waited for ended before the sampler started; a process without a log: unknown
            assertThat(sampler.series().get(0).gcPausesBefore()).isPositive();
            assertThat(sampler.series().get(1).gcPausesBefore()).isNull();
        } finally {
            jvm.destroyForcibly();
            jvm.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
