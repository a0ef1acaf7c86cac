package io.loadlab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CeilingsTest {
    static final ScenarioSpec DELAY = ScenarioSpec.of(ScenarioKind.DELAY);
    static final Duration BACKEND = Duration.ofMillis(50);

    @Test
    void connectionsOverDelayBoundTheNonBlockingModels() {
        Ceiling c = Ceilings.of("netty", DELAY, new LoadLevel(1000, null), Map.of(), BACKEND);
        assertThat(c.rps()).isEqualTo(10_000.0);
        assertThat(c.floorMs()).isEqualTo(100.0);
    }

    @Test
    void blockedThreadsOverDelayBoundTheBlockingModels() {
        assertThat(Ceilings.of("single-thread", DELAY, new LoadLevel(100, null), Map.of(), BACKEND)
                        .rps())
                .isEqualTo(10.0);
        assertThat(Ceilings.of("thread-pool", DELAY, new LoadLevel(1000, null), Map.of("threads", 100), BACKEND)
                        .rps())
                .isEqualTo(1000.0);
        assertThat(Ceilings.of("servlet-sync", DELAY, new LoadLevel(1000, null), Map.of("max_threads", 16), BACKEND)
                        .explanation())
                .isEqualTo("16 blocking threads ÷ 100ms = 160 req/s");
        assertThat(Ceilings.of(
                                "servlet-async",
                                DELAY,
                                new LoadLevel(1000, null),
                                Map.of("offload", "worker", "worker_threads", 16),
                                BACKEND)
                        .rps())
                .isEqualTo(160.0);
        // fewer connections than threads: the connections bind first
        assertThat(Ceilings.of("thread-pool", DELAY, new LoadLevel(10, null), Map.of(), BACKEND)
                        .rps())
                .isEqualTo(100.0);
    }

    @Test
    void theBackendsDelayBoundsTheBackendScenarioAndCpuBoundOnesHaveNoBound() {
        Ceiling b = Ceilings.of(
                "vertx", ScenarioSpec.of(ScenarioKind.BACKEND), new LoadLevel(100, null), Map.of(), BACKEND);
        assertThat(b.rps()).isEqualTo(2000.0);
        assertThat(b.floorMs()).isEqualTo(50.0);
        Ceiling p = Ceilings.of(
                "netty", ScenarioSpec.of(ScenarioKind.PLAINTEXT), new LoadLevel(100, null), Map.of(), BACKEND);
        assertThat(p.rps()).isNull();
    }
}
