package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import org.junit.jupiter.api.Test;

/** A fault of the load generator's own pacing ends the run loudly, instead of a window that reports nothing sent. */
class LoadThreadFaultTest {
    @Test
    void aFailingPacerFailsTheRun() throws Exception {
        long brokenFrom = System.nanoTime() + 400_000_000L;
        // the load threads' clock breaks 0.4 s in, during the warm-up; the collector's (this thread's) never does
        NanoClock clock = () -> {
            long now = System.nanoTime();
            if (now - brokenFrom > 0 && Thread.currentThread().getName().startsWith("loadlab-load-")) {
                throw new IllegalStateException("broken clock");
            }
            return now;
        };
        try (TestHttpServer server = new TestHttpServer(t -> 0)) {
            LoadSpec spec = LoadSpec.builder(server.url("/"))
                    .threads(1)
                    .connections(4)
                    .rate(Rate.perSecond(500))
                    .warmup(Duration.ofMillis(500))
                    .duration(Duration.ofSeconds(1))
                    .build();
            assertThatThrownBy(() -> LoadGenerator.runOn(clock, spec, WarmupGate.NONE))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("a load thread failed")
                    .hasMessageContaining("broken clock");
        }
    }
}
