package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.testkit.QuietHost;
import org.junit.jupiter.api.Test;

/** Nothing in flight is dropped: what is unanswered when the window closes is counted and charged its age. */
class UnfinishedTest {
    @Test
    void connectionsWaitingBehindTheOneServedShowInLatencyAndFairness() throws Exception {
        try (OneAtATimeServer server = new OneAtATimeServer()) {
            LoadReport r = LoadGenerator.run(
                    LoadSpec.builder(server.url())
                            .threads(1)
                            .connections(20)
                            .duration(Duration.ofSeconds(4))
                            .timeout(Duration.ofSeconds(30))
                            .build(),
                    ProgressListener.NONE);
            assertThat(r.requests()).as("the one connection served").isPositive();
            // the 19 waiting, and perhaps the request just sent on the one served
            assertThat(r.unfinished().count()).isBetween(19L, 20L);
            assertThat(r.unfinished().oldestAgeMs()).isGreaterThanOrEqualTo(4_000);
            assertThat(r.latencyMs().max()).isGreaterThanOrEqualTo(4_000);
            assertThat(r.latencyMs().count())
                    .isEqualTo(r.requests() + r.unfinished().count());
            ConnectionFairness f = r.connections().fairness();
            assertThat(f.connections()).isEqualTo(20);
            assertThat(f.completedNone()).isEqualTo(19);
            assertThat(f.max()).isEqualTo(r.requests());
            assertThat(f.median()).isZero();
            assertThat(r.errors().total()).isZero();
        }
    }

    @Test
    void openModelCountsRequestsDueButNeverSent() throws Exception {
        QuietHost.holds("100 requests due in one second, counted to 5", () -> {
            try (TestHttpServer server =
                    new TestHttpServer(t -> Duration.ofSeconds(20).nanos())) {
                LoadReport r = LoadGenerator.run(
                        LoadSpec.builder(server.url("/"))
                                .threads(1)
                                .connections(2)
                                .maxConnections(2)
                                .rate(Rate.perSecond(100))
                                .duration(Duration.ofSeconds(1))
                                .timeout(Duration.ofSeconds(30))
                                .build(),
                        ProgressListener.NONE);
                assertThat(r.requests()).isZero();
                // 100 due in the window: 2 sent and waiting, the rest never sent
                assertThat(r.unfinished().count()).isBetween(95L, 101L);
                assertThat(r.unfinished().oldestAgeMs()).isGreaterThan(900);
                assertThat(r.latencyMs().p99()).isGreaterThan(900);
                assertThat(r.connections().delayedRequests()).isGreaterThan(90);
                assertThat(r.connections().fairness().connections())
                        .as("both carried a request")
                        .isEqualTo(2);
                assertThat(r.connections().fairness().completedNone()).isEqualTo(2);
            }
        });
    }

    @Test
    void aHealthyServerLeavesAtMostOneRequestPerConnectionUnfinished() throws Exception {
        QuietHost.holds("each of 10 connections completes 15 requests of 50 ms in one second", () -> {
            try (TestHttpServer server =
                    new TestHttpServer(t -> Duration.ofMillis(50).nanos())) {
                LoadReport r = LoadGenerator.run(
                        LoadSpec.builder(server.url("/"))
                                .threads(1)
                                .connections(10)
                                .duration(Duration.ofSeconds(1))
                                .build(),
                        ProgressListener.NONE);
                assertThat(r.unfinished().count()).isBetween(0L, 10L);
                assertThat(r.unfinished().oldestAgeMs()).isLessThan(1_000);
                assertThat(r.connections().fairness().completedNone()).isZero();
                assertThat(r.connections().fairness().min()).isGreaterThanOrEqualTo(15);
                assertThat(r.latencyMs().max()).isLessThan(1_000);
            }
        });
    }
}
