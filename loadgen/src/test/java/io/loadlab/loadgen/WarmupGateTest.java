package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.testkit.QuietHost;
import org.junit.jupiter.api.Test;

/** A warm-up stretches while its gate holds the window back, never below its minimum nor beyond its maximum. */
class WarmupGateTest {
    private static LoadReport run(TestHttpServer server, WarmupGate gate) {
        return LoadGenerator.runWithHistograms(
                        LoadSpec.builder(server.url("/"))
                                .threads(1)
                                .connections(2)
                                .warmup(Duration.ofMillis(300))
                                .maxWarmup(Duration.ofMillis(1500))
                                .duration(Duration.ofMillis(500))
                                .build(),
                        ProgressListener.NONE,
                        gate)
                .report();
    }

    @Test
    void theWindowOpensWhenTheGateIsReadyWithinItsBounds() throws Exception {
        QuietHost.holds(
                "the warm-up's bounds are checked to 150 ms, which a starved collector thread overshoots", () -> {
                    try (TestHttpServer server = new TestHttpServer(t -> 0)) {
                        LoadReport early = run(server, () -> true);
                        assertThat(early.run().warmupS())
                                .as("never below the minimum")
                                .isBetween(0.3, 0.45);
                        long[] readyAt = {0};
                        LoadReport late = run(server, () -> {
                            if (readyAt[0] == 0) {
                                readyAt[0] = System.nanoTime() + 500_000_000L;
                            }
                            return System.nanoTime() - readyAt[0] > 0;
                        });
                        assertThat(late.run().warmupS())
                                .as("held back 0.5 s past the minimum")
                                .isBetween(0.75, 1.0);
                        LoadReport never = run(server, () -> false);
                        assertThat(never.run().warmupS())
                                .as("never beyond the maximum")
                                .isBetween(1.5, 1.65);
                        assertThat(never.requests())
                                .as("then measured as usual")
                                .isPositive();
                        assertThat(never.run().durationS()).isEqualTo(0.5);
                    }
                });
    }

    @Test
    void theWindowLosesNoResponseAtItsStart() throws Exception {
        QuietHost.holds(
                "2,000 requests a second kept to 2% in each second of the window",
                () -> {
                    try (TestHttpServer server = new TestHttpServer(t -> 0)) {
                        LoadReport r = LoadGenerator.runWithHistograms(
                                        LoadSpec.builder(server.url("/"))
                                                .threads(1)
                                                .connections(10)
                                                .rate(Rate.perSecond(2000))
                                                .warmup(Duration.ofMillis(500))
                                                .maxWarmup(Duration.ofSeconds(5))
                                                .duration(Duration.ofSeconds(2))
                                                .build(),
                                        ProgressListener.NONE,
                                        () -> true)
                                .report();
                        // at a fixed rate, every second of the window completes what fell due in it, the first one too
                        assertThat(r.intervals().get(0).requests()).isBetween(1_960L, 2_040L);
                        assertThat(r.requests()).isBetween(3_960L, 4_040L);
                    }
                });
    }
}
