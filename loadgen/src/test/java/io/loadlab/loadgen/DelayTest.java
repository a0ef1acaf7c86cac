package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.testkit.QuietHost;
import org.junit.jupiter.api.Test;

class DelayTest {
    @Test
    void fixedDelayGivesMedianNearTheDelayInBothModels() throws Exception {
        QuietHost.holds(
                "the median latency is checked to 10 ms of the server's 50 ms delay, and 200 req/s to 5%",
                () -> {
                    long d = 50_000_000L;
                    try (TestHttpServer server = new TestHttpServer(t -> d)) {
                        LoadReport closed = LoadGenerator.run(
                                LoadSpec.builder(server.url("/"))
                                        .threads(1)
                                        .connections(10)
                                        .duration(Duration.ofSeconds(2))
                                        .build(),
                                ProgressListener.NONE);
                        assertThat(closed.requests()).isGreaterThan(200);
                        assertThat(closed.latencyMs().p50()).isBetween(49.0, 60.0);
                        assertThat(closed.errors().total()).isZero();
                        assertThat(closed.statusCodes()).containsEntry("200", closed.requests());
                        assertThat(closed.intervals()).hasSize(2);

                        LoadReport open = LoadGenerator.run(
                                LoadSpec.builder(server.url("/"))
                                        .threads(2)
                                        .connections(10)
                                        .rate(Rate.perSecond(200))
                                        .duration(Duration.ofSeconds(2))
                                        .build(),
                                ProgressListener.NONE);
                        assertThat(open.latencyMs().p50()).isBetween(49.0, 60.0);
                        assertThat(open.serviceTimeMs().p50()).isBetween(49.0, 60.0);
                        assertThat(open.throughput().rps()).isBetween(180.0, 210.0);
                        assertThat(open.errors().total()).isZero();
                    }
                });
    }

    @Test
    void throughputCountsEveryResponseCompletedInTheWindowWhenEverItWasSent() throws Exception {
        QuietHost.holds("responses of a 500 ms server counted to one in 40, their latency to 20 ms", () -> {
            // 10 connections, 500 ms per response: 20 req/s, so a 2 s window completes 4 responses per connection. The
            // first of them was sent during the warm-up; counting only those sent inside the window gave 3 (15 req/s).
            try (TestHttpServer server = new TestHttpServer(t -> 500_000_000L)) {
                LoadReport r = LoadGenerator.run(
                        LoadSpec.builder(server.url("/"))
                                .threads(1)
                                .connections(10)
                                .warmup(Duration.ofMillis(700))
                                .duration(Duration.ofSeconds(2))
                                .build(),
                        ProgressListener.NONE);
                assertThat(r.requests()).isBetween(38L, 42L);
                assertThat(r.throughput().rps()).isBetween(19.0, 21.0);
                assertThat(r.latencyMs().p50()).isBetween(499.0, 520.0);
            }
        });
    }
}
