package io.loadlab.lab.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The warm-up's wait for a server's first collection: its decisions on counters set by hand, and the counters of this
 * very JVM read from its shared memory.
 */
class GcWatchTest {
    private static final long S = 1_000_000_000L;
    private static final long MB = 1 << 20;

    /** Counters a test sets; -1 is unknown. */
    /** A JVM that allocates about 20 MB/s for up to a minute, after printing "up". */
    static final class Alloc {
        static Object sink;

        public static void main(String[] args) throws InterruptedException {
            System.out.println("up");
            long end = System.nanoTime() + 60_000_000_000L;
            while (System.nanoTime() < end) {
                for (int i = 0; i < 20; i++) {
                    sink = new byte[1000];
                }
                Thread.sleep(1);
            }
        }
    }

    private static final class Heap implements GcWatch.Counters {
        long collections;
        long used;
        long capacity = 100 * MB;

        @Override
        public long collections() {
            return collections;
        }

        @Override
        public long[] eden() {
            return used < 0 ? null : new long[] {used, capacity};
        }
    }

    @Test
    void waitsForAFirstCollectionDueInTheWindowAndBeforeTheLimitButNotForOneDueAfterEither() {
        Heap h = new Heap();
        GcWatch w = new GcWatch(h);
        long window = 20 * S;
        long limit = 30 * S;
        assertThat(w.ready(0, window, limit))
                .as("no rate before a whole second")
                .isFalse();
        h.used = 10 * MB; // 10 MB/s: full at 10 s, inside a 20 s window opened now and before the limit
        assertThat(w.ready(S, window, limit)).as("due at 10 s").isFalse();
        assertThat(w.ready(S + S / 10, 5 * S, limit))
                .as("due after a 5 s window opened now: it collects after the window")
                .isTrue();
        h.used = 20 * MB;
        assertThat(w.ready(2 * S, window, limit)).isFalse();

        h.collections = 1; // it collected: the window waits a second for the pause's backlog
        h.used = 5 * MB;
        assertThat(w.ready(3 * S, window, limit)).isFalse();
        assertThat(w.collected()).isTrue();
        assertThat(w.ready(3 * S + S / 2, window, limit)).isFalse();
        assertThat(w.ready(4 * S, window, limit)).as("a second after it").isTrue();

        Heap slow = new Heap();
        GcWatch s = new GcWatch(slow);
        s.ready(0, 60 * S, limit);
        slow.used = 2 * MB; // 2 MB/s: full at 50 s, past the limit
        assertThat(s.ready(S, 60 * S, limit))
                .as("a collection due after the limit is not waited for")
                .isTrue();
        assertThat(s.collected()).isFalse();
    }

    @Test
    void aHeapNotFillingACollectionBeforeTheWatchOrUnknownCountersDoNotHoldTheWindow() {
        Heap still = new Heap();
        GcWatch w = new GcWatch(still);
        w.ready(0, 30 * S, 30 * S);
        assertThat(w.ready(S, 30 * S, 30 * S))
                .as("no allocation, no collection to wait for")
                .isTrue();

        Heap early = new Heap();
        early.collections = 2; // collected while the JVM started, before the warm-up's first look
        assertThat(new GcWatch(early).ready(0, 30 * S, 30 * S)).isTrue();

        Heap unknown = new Heap();
        unknown.collections = -1;
        assertThat(new GcWatch(unknown).ready(0, 30 * S, 30 * S)).isTrue();
        Heap noEden = new Heap();
        noEden.used = -1;
        assertThat(new GcWatch(noEden).ready(0, 30 * S, 30 * S)).isTrue();
        assertThat(new GcWatch(null).ready(0, 30 * S, 30 * S))
                .as("no counters published")
                .isTrue();
    }

    @Test
    void readsThisJvmsCollectionsAndEdenFromItsSharedMemory() {
        HsPerfData d = HsPerfData.of(ProcessHandle.current().pid());
        assumeTrue(d != null, "this JVM publishes no hsperfdata (-XX:-UsePerfData or no /tmp)");
        String invocations = "sun.gc.collector.0.invocations";
        assertThat(d.text("sun.gc.collector.0.name")).endsWith("young collection pauses"); // G1's or Serial's
        assertThat(d.text("no.such.counter")).isNull();
        assertThat(d.has(invocations)).isTrue();
        assertThat(d.get("sun.gc.generation.0.space.0.capacity")).isPositive();
        assertThat(d.get("sun.gc.generation.0.space.0.used")).isNotNegative();
        assertThat(d.get("no.such.counter")).isEqualTo(-1);
        assertThat(d.has("no.such.counter")).isFalse();

        long before = d.get(invocations) + d.get("sun.gc.collector.1.invocations");
        System.gc();
        long after = d.get(invocations) + d.get("sun.gc.collector.1.invocations");
        assertThat(after)
                .as("the same mapping sees the collection the JVM just made")
                .isGreaterThan(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseSerialGC", "-XX:+UseG1GC", "-XX:+UseZGC"})
    void readsTheEdenOfAnAllocatingJvmAttachingOnlyWhereItsCountersDoNotKeepItCurrent(String collector)
            throws Exception {
        String classes = Path.of(GcWatchTest.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString();
        String java = ProcessHandle.current().info().command().orElseThrow();
        // about 20 MB/s into a young generation of 600 MB: no collection for the test's seconds
        boolean attaches = collector.contains("Serial") || collector.contains("Parallel");
        boolean watched = !collector.contains("ZGC");
        // ZGC sizes no young generation by flag
        List<String> command = watched
                ? List.of(java, collector, "-Xmn600m", "-Xms700m", "-cp", classes, Alloc.class.getName())
                : List.of(java, collector, "-Xms700m", "-cp", classes, Alloc.class.getName());
        Process jvm = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            assertThat(new String(jvm.getInputStream().readNBytes(3), StandardCharsets.UTF_8))
                    .isEqualTo("up\n");
            GcWatch w = GcWatch.of(jvm.pid());
            long start = System.nanoTime();
            boolean dueSoon = true;
            boolean dueLate = false;
            for (int i = 0; i < 8; i++) {
                Thread.sleep(200);
                long now = System.nanoTime();
                // the limit far away, then close by: a heap filling at about 20 MB/s (over 1) is due within 600 s
                dueSoon &= !w.ready(now, 600 * S, now + 600 * S);
                if (now - start > 1_100_000_000L) {
                    dueLate |= w.ready(now, 600 * S, now + S);
                }
            }
            if (watched) {
                assertThat(w.collected()).isFalse(); // ZGC may run its warm-up cycles at 10% of the heap
            }
            assertThat(dueSoon)
                    .as("waits for a collection due before a far limit, under a collector whose eden it reads")
                    .isEqualTo(watched);
            assertThat(dueLate).as("does not for one due after a near limit").isTrue();
            assertThat(Files.exists(Path.of("/tmp/.java_pid" + jvm.pid())))
                    .as("attached (GC.heap_info) only where the counters give no current eden: Serial and"
                            + " Parallel, not G1 or ZGC")
                    .isEqualTo(attaches);
            if (attaches) {
                long[] e = GcWatch.edenOf(JvmCommand.attach(jvm.pid()).run("GC.heap_info"));
                assertThat(e).isNotNull();
                assertThat(e[1]).as("eden's capacity").isGreaterThan(400 * MB);
                assertThat(e[0]).isBetween(0L, e[1]);
            }
        } finally {
            jvm.destroy();
            jvm.waitFor();
        }
    }

    @Test
    void edenOfReadsSerialAndParallelHeapInfoAndNothingElse() {
        String serial = "DefNew     total 116160K, used 65762K [0x0000000687400000, 0x000000068f200000)\n"
                + " eden space 103296K,  61% used [0x0000000687400000, 0x000000068b25a3d8, 0x000000068d8e0000)\n";
        long[] e = GcWatch.edenOf(serial);
        assertThat(e[0]).isEqualTo(0x68b25a3d8L - 0x687400000L);
        assertThat(e[1]).isEqualTo(103296L * 1024);
        String parallel = "PSYoungGen      total 113152K, used 87784K [0x0000000782700000, 0x000000078a500000)\n"
                + " eden space 97280K, 90% used [0x0000000782700000,0x0000000787cba3b8,0x0000000788600000)\n";
        assertThat(GcWatch.edenOf(parallel)).containsExactly(0x787cba3b8L - 0x782700000L, 97280L * 1024);
        assertThat(GcWatch.edenOf(" garbage-first heap   total 262144K, used 5120K\n  region size 1024K, 5 young"))
                .isNull();
    }

    @Test
    void attachingToAProcessThatIsGoneSaysSo() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        assertThatThrownBy(() -> JvmCommand.attach(gone.pid()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("could not attach to JVM " + gone.pid());
    }

    @Test
    void aFileThatIsNotAJvmsCountersOrAPidWithoutOneHasNone(@TempDir Path tmp) throws Exception {
        Path junk = Files.write(tmp.resolve("123"), new byte[64]);
        assertThat(HsPerfData.open(junk)).isNull();
        assertThat(HsPerfData.open(Files.write(tmp.resolve("124"), new byte[8])))
                .isNull();
        Process other = new ProcessBuilder("sleep", "30").start();
        try {
            assertThat(HsPerfData.of(other.pid())).as("not a JVM").isNull();
            assertThat(GcWatch.of(other.pid()).ready(0, 0, 0)).isTrue();
        } finally {
            other.destroy();
            other.waitFor();
        }
    }
}
