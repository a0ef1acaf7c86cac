package io.loadlab.loadgen.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.testkit.LoadReports;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The merge against known answers: histograms added, never percentiles averaged. */
class AgentMergeTest {
    private static final long START = 1_800_000_000_000_000L; // epoch microseconds

    private static Histogram values(long micros, int count) {
        Histogram h = new Histogram(1, 60_000_000, 3);
        h.recordValueWithCount(micros, count);
        return h;
    }

    private static AgentRun agent(int index, Histogram latency, long windowStart, LoadReport report) {
        AgentRecord r = new AgentRecord(
                AgentRecord.SCHEMA_VERSION,
                index,
                2,
                START,
                windowStart,
                1,
                2,
                0.5,
                null,
                new long[] {latency.getTotalCount()},
                AgentRecord.encode(latency),
                null,
                List.of(),
                null,
                report);
        return AgentRun.of(r, "");
    }

    private static LoadReport report(long requests) {
        return report(requests, values(1_000, (int) requests));
    }

    private static LoadReport report(long requests, Histogram latency) {
        return LoadReports.closed()
                .latency(LatencyStats.fromMicros(latency))
                .connections(1)
                .duration(5)
                .requests(requests, requests / 5.0)
                .intervals(List.of(new IntervalStats(1, requests, requests, 0, 0, 0, 0, null)))
                .build();
    }

    @Test
    void theMergedP99IsThePercentileOfEveryRequestNotTheMeanOfTheAgents() throws Exception {
        // agent 0: 990 requests at 1 ms; agent 1: 10 at 100 ms. Each agent's p99 is its only value.
        AgentMerge.Merged m = AgentMerge.merge(
                List.of(
                        agent(0, values(1_000, 990), START, report(990, values(1_000, 990))),
                        agent(1, values(100_000, 10), START, report(10, values(100_000, 10)))),
                null);
        LoadReport r = m.report();
        assertThat(r.latencyMs().count()).isEqualTo(1000);
        assertThat(r.latencyMs().p99()).as("990 of 1000 requests took 1 ms").isCloseTo(1.0, within(0.001));
        assertThat(r.latencyMs().p999()).as("the slowest 1%% took 100 ms").isCloseTo(100.0, within(0.1));
        assertThat(r.agents().get(0).latencyMs().p99()).isCloseTo(1.0, within(0.001));
        assertThat(r.agents().get(1).latencyMs().p99())
                .as("averaging the agents' p99s would say ~50 ms")
                .isCloseTo(100.0, within(0.1));
        assertThat(r.requests()).isEqualTo(1000);
        assertThat(r.throughput().rps()).isEqualTo(200.0);
        assertThat(r.connections().fairness().connections()).isEqualTo(2);
        assertThat(r.connections().fairness().min()).isEqualTo(10);
        assertThat(r.intervals()).extracting(IntervalStats::requests).containsExactly(1000L);
    }

    @Test
    void aLateAgentIsFlaggedAndTheWindowIsTheCommonOne() throws Exception {
        AgentMerge.Merged m = AgentMerge.merge(
                List.of(
                        agent(0, values(1_000, 10), START, report(10)),
                        agent(1, values(1_000, 10), START + 250_000, report(10))),
                null);
        assertThat(m.report().run().durationS())
                .as("5 s windows 0.25 s apart share 4.75 s")
                .isEqualTo(4.75);
        assertThat(m.report().agents().get(0).warnings()).isEmpty();
        assertThat(m.report().agents().get(1).driftMs()).isEqualTo(250.0);
        assertThat(m.report().agents().get(1).warnings())
                .singleElement()
                .asString()
                .contains("drifted", "250.0 ms after");
    }

    @Test
    void anAgentThatUsedItsCoresIsSaturated() throws Exception {
        AgentRun busy = agent(0, values(1_000, 10), START, report(10));
        AgentRecord r = busy.record();
        AgentRecord hot = new AgentRecord(
                r.schemaVersion(),
                0,
                1,
                START,
                START,
                1,
                4,
                4.6, // 4.6 s of CPU in a 5 s window on its one thread: 92% busy
                null,
                r.completedPerConnection(),
                r.latency(),
                null,
                List.of(),
                null,
                r.report());
        AgentMerge.Merged m = AgentMerge.merge(List.of(AgentRun.of(hot, "")), null);
        assertThat(m.notes()).isEmpty();
        assertThat(m.report().agents().get(0).saturated()).isTrue();
        assertThat(m.report().agents().get(0).cpuBusy()).isEqualTo(0.92);
        assertThat(m.report().agents().get(0).warnings())
                .singleElement()
                .asString()
                .startsWith("saturated");
    }

    @Test
    void aMissingAgentIsSaidNotHidden() throws Exception {
        AgentMerge.Merged m = AgentMerge.merge(List.of(agent(0, values(1_000, 10), START, report(10))), null);
        assertThat(m.notes()).singleElement().asString().contains("merged 1 of 2 agents");
    }

    @Test
    void outputsOfDifferentRunsAreNotMerged() {
        AgentRun a = agent(0, values(1_000, 10), START, report(10));
        assertThatThrownBy(() -> AgentMerge.merge(List.of(a, a), null))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("two outputs of agent 0");
    }

    @Test
    void theOneLineFormAndTheDirectoryFormReadBackTheSame(@TempDir Path dir) throws Exception {
        AgentRun a = agent(1, values(2_000, 7), START, report(7));
        AgentRun fromLog = AgentRun.fromLog("some summary\n" + a.toLine() + "\n");
        assertThat(fromLog.record().index()).isEqualTo(1);
        assertThat(AgentRecord.decode(fromLog.record().latency())).isEqualTo(values(2_000, 7));
        a.writeTo(dir);
        assertThat(AgentRun.read(dir).record().report()).isEqualTo(a.record().report());
        assertThat(AgentRun.fromLog("no marker here")).isNull();
        assertThatThrownBy(() -> AgentRun.read(dir.resolve("missing")))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("agent.json");
    }

    private static org.assertj.core.data.Offset<Double> within(double d) {
        return org.assertj.core.data.Offset.offset(d);
    }
}
