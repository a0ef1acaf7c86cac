package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.loadgen.agents.AgentClock;
import io.loadlab.loadgen.agents.AgentDefaults;
import io.loadlab.loadgen.agents.AgentMerge;
import io.loadlab.loadgen.agents.AgentRecord;
import io.loadlab.loadgen.agents.AgentRun;
import io.loadlab.loadgen.agents.StartBarrier;
import io.loadlab.testkit.QuietHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two load generators run as agents against a fast and a slow server at once, from one shared start; their outputs
 * merge into exactly what adding their histograms gives.
 */
class AgentRunsMergeTest {
    private record Ran(LoadSpec spec, LoadResult result, StartBarrier barrier, Path hlog) {}

    private static Ran run(TestHttpServer server, Path hlog, long startAt) {
        LoadSpec spec = LoadSpec.builder(server.url("/"))
                .threads(1)
                .connections(4)
                .duration(Duration.ofMillis(1500))
                .hlog(hlog)
                .build();
        StartBarrier barrier = new StartBarrier(() -> {}, Duration.ofSeconds(10));
        barrier.startAt(startAt);
        return new Ran(spec, LoadGenerator.runWithHistograms(spec, ProgressListener.NONE, barrier), barrier, hlog);
    }

    private static AgentRun output(int index, Ran r) throws Exception {
        AgentRecord rec = AgentRecord.of(index, 2, r.barrier().startEpochMicros(), r.spec(), r.result());
        return AgentRun.of(rec, Files.readString(r.hlog(), StandardCharsets.US_ASCII));
    }

    @Test
    void twoAgentsFromOneStartMergeExactly(@TempDir Path dir) throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        try (TestHttpServer fast = new TestHttpServer(t -> 0);
                TestHttpServer slow = new TestHttpServer(t -> 3_000_000)) {
            long startAt = AgentClock.epochMicros() + 1_000_000;
            ExecutorService two = Executors.newFixedThreadPool(2); // the common pool may run them one after the other
            Ran ra;
            Ran rb;
            try {
                Future<Ran> a = two.submit(() -> run(fast, dir.resolve("a.hlog"), startAt));
                Future<Ran> b = two.submit(() -> run(slow, dir.resolve("b.hlog"), startAt));
                ra = a.get();
                rb = b.get();
            } finally {
                two.shutdownNow();
            }
            Path merged = dir.resolve("merged.hlog");
            // one output through the directory form, the other through the one-line form: both are what merge reads
            output(0, ra).writeTo(dir.resolve("agent-0"));
            AgentRun a0 = AgentRun.read(dir.resolve("agent-0"));
            AgentRun b1 = AgentRun.fromLog(output(1, rb).toLine());
            LoadReport m = AgentMerge.merge(List.of(b1, a0), merged).report();

            Histogram sum = new Histogram(ra.result().latency());
            sum.add(ra.result().latency());
            sum.add(rb.result().latency());
            assertThat(m.latencyMs()).isEqualTo(LatencyStats.fromMicros(sum));
            assertThat(m.requests())
                    .isEqualTo(ra.result().report().requests()
                            + rb.result().report().requests());
            assertThat(m.latencyMs().p99())
                    .isBetween(
                            ra.result().report().latencyMs().p99(),
                            rb.result().report().latencyMs().p99());
            assertThat(m.connections().fairness().connections()).isEqualTo(8);
            assertThat(m.run().connections()).isEqualTo(8);
            assertThat(m.agents()).extracting(s -> s.index()).containsExactly(0, 1);
            host.holds("two agents open their windows within 20 ms of one shared instant", () -> {
                for (var s : m.agents()) {
                    assertThat(Math.abs(s.driftMs()))
                            .as("agent %d opened its window at the shared instant", s.index())
                            .isLessThan(AgentDefaults.DRIFT_TOLERANCE_MS);
                }
                assertThat(m.run().durationS()).isCloseTo(1.5, Offset.offset(0.02));
            });

            long timeline =
                    m.intervals().stream().mapToLong(IntervalStats::requests).sum();
            assertThat(timeline).isEqualTo(m.requests());
            long logged = 0;
            HistogramLogReader log = new HistogramLogReader(merged.toString());
            for (var h = log.nextIntervalHistogram(); h != null; h = log.nextIntervalHistogram()) {
                logged += ((Histogram) h).getTotalCount();
            }
            assertThat(logged)
                    .as("the merged log holds every request, unfinished ones included")
                    .isEqualTo(sum.getTotalCount());
        }
    }
}
