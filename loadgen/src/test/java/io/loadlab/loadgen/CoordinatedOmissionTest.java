package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.testkit.QuietHost;
import org.junit.jupiter.api.Test;

/**
 * A server that holds every response for S seconds once every P seconds. In the open model a fraction S/P of the
 * requests fall into a stall, each delayed uniformly over [0, S], so P(latency > x) = (S - x) / P and the analytic
 * p99 is S - 0.01 P. The closed model sends nothing while its connections wait, so only one request per connection
 * per stall is delayed and its p99 stays near the unstalled latency (coordinated omission).
 */
class CoordinatedOmissionTest {
    private static final long S = 500_000_000L;
    private static final long P = 2_000_000_000L;

    @Test
    void openModelChargesTheStallToEveryDelayedRequestClosedModelHidesIt() throws Exception {
        QuietHost.holds(
                "the open model's p99 is checked to 10% of its analytic value",
                () -> {
                    try (TestHttpServer server = new TestHttpServer(t -> {
                        long phase = t % P;
                        return phase < S ? S - phase : 0;
                    })) {
                        LoadReport open = LoadGenerator.run(
                                LoadSpec.builder(server.url("/"))
                                        .threads(1)
                                        .connections(20)
                                        .maxConnections(300)
                                        .rate(Rate.perSecond(200))
                                        .duration(Duration.ofNanos(4 * P))
                                        .build(),
                                ProgressListener.NONE);
                        LoadReport closed = LoadGenerator.run(
                                LoadSpec.builder(server.url("/"))
                                        .threads(1)
                                        .connections(10)
                                        .duration(Duration.ofNanos(2 * P))
                                        .build(),
                                ProgressListener.NONE);
                        double analyticP99Ms = (S - 0.01 * P) / 1e6;
                        System.out.printf(
                                "stall S=%dms P=%dms: analytic open p99 %.1fms; open p99 %.1fms (service %.1fms, %d requests,"
                                        + " %.1f req/s, delayed %d, conns %d); closed p99 %.2fms (%d requests)%n",
                                S / 1_000_000,
                                P / 1_000_000,
                                analyticP99Ms,
                                open.latencyMs().p99(),
                                open.serviceTimeMs().p99(),
                                open.requests(),
                                open.throughput().rps(),
                                open.connections().delayedRequests(),
                                open.connections().maxOpened(),
                                closed.latencyMs().p99(),
                                closed.requests());
                        assertThat(open.errors().total()).isZero();
                        assertThat(open.latencyMs().p99()).isBetween(analyticP99Ms * 0.9, analyticP99Ms * 1.1);
                        assertThat(open.latencyMs().p50()).isLessThan(50);
                        assertThat(closed.errors().total()).isZero();
                        assertThat(closed.latencyMs().p99()).isLessThan(analyticP99Ms / 5);
                        assertThat(closed.latencyMs().max()).isGreaterThan(S / 1e6 * 0.5);
                    }
                });
    }
}
