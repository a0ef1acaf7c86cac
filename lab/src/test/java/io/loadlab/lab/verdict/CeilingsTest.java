package io.loadlab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import org.junit.jupiter.api.Test;

class CeilingsTest {
    static final Duration BACKEND = Duration.ofMillis(50);
    static final ScenarioSpec DELAY = ScenarioSpec.of(ScenarioKind.DELAY);

    static Ceiling of(ScenarioSpec s, LoadLevel l, ConcurrencyModel m, ConcurrencyModel.Knobs k) {
        return Ceilings.of(s, l, m, k, BACKEND);
    }

    @Test
    void littlesLawBoundsAClosedModelByConnectionsOverTheDelay() {
        Ceiling c = of(DELAY, new LoadLevel(1000, null), ConcurrencyModel.NETTY, Trial.Knobs.DEFAULTS);
        assertThat(c.rps()).isEqualTo(10_000.0);
        assertThat(c.floorMs()).isEqualTo(100.0);
        assertThat(c.explanation()).isEqualTo("1000 connections ÷ 100ms = 10000 req/s");
        assertThat(c.designRps()).as("an event loop holds no thread per wait").isNull();
        assertThat(of(ScenarioSpec.of(ScenarioKind.BACKEND), new LoadLevel(100, null), null, null)
                        .rps())
                .isEqualTo(2_000.0);
    }

    @Test
    void modelsThatHoldAThreadPerWaitAreCappedByTheirDesign() {
        Ceiling pool = of(DELAY, new LoadLevel(1000, null), ConcurrencyModel.THREAD_POOL, Trial.Knobs.DEFAULTS);
        assertThat(pool.designRps()).isEqualTo(1_000.0);
        assertThat(pool.design()).isEqualTo("thread-pool: 100 threads ÷ 100ms = 1000 req/s");
        assertThat(pool.effectiveRps()).isEqualTo(1_000.0);
        Ceiling single = of(DELAY, new LoadLevel(10, null), ConcurrencyModel.SINGLE_THREAD, Trial.Knobs.DEFAULTS);
        assertThat(single.designRps()).isEqualTo(10.0);
        assertThat(single.design()).isEqualTo("single-thread: its one thread ÷ 100ms = 10 req/s");
        Ceiling sync = of(DELAY, new LoadLevel(1000, null), ConcurrencyModel.SERVLET_SYNC, Trial.Knobs.DEFAULTS);
        assertThat(sync.design()).isEqualTo("servlet-sync: 200 container threads ÷ 100ms = 2000 req/s");
        Ceiling worker = of(
                DELAY,
                new LoadLevel(1000, null),
                ConcurrencyModel.SERVLET_ASYNC,
                new Trial.Knobs(100, 200, 16, true, 0));
        assertThat(worker.designRps()).isEqualTo(160.0);
        assertThat(of(DELAY, new LoadLevel(50, null), ConcurrencyModel.THREAD_POOL, Trial.Knobs.DEFAULTS)
                        .designRps())
                .as("a cap above the workload's bound is no cap")
                .isNull();
    }

    @Test
    void aMixIsBoundByItsSlowWaitsPerCycle() {
        ScenarioSpec mix = ScenarioSpec.of(ScenarioKind.MIXED);
        Ceiling c = of(
                mix, new LoadLevel(200, null), ConcurrencyModel.SERVLET_SYNC, new Trial.Knobs(100, 16, 16, false, 0));
        // each connection's cycle of 10 requests waits once for 100 ms
        assertThat(c.rps()).isEqualTo(20_000.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(c.designRps()).isEqualTo(1_600.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(c.floorMs()).as("fast requests have no floor").isNull();
        ScenarioSpec byConnection = new ScenarioSpec(ScenarioKind.MIXED, null, new ScenarioSpec.Mix(9, 1, true), null);
        assertThat(of(byConnection, new LoadLevel(200, null), ConcurrencyModel.NETTY, null)
                        .rps())
                .isNull();
    }

    @Test
    void theOpenModelIsBoundByItsTargetAndCpuBoundScenariosByNothing() {
        assertThat(of(DELAY, new LoadLevel(100, 3_000.0), ConcurrencyModel.NETTY, null)
                        .rps())
                .isEqualTo(3_000.0);
        Ceiling plain = of(ScenarioSpec.of(ScenarioKind.PLAINTEXT), new LoadLevel(100, null), null, null);
        assertThat(plain.rps()).isNull();
        assertThat(plain.explanation()).startsWith("CPU-bound");
    }

    @Test
    void aUserServerIsCappedByTheCapItsSuiteDeclaresAndOtherwiseSaysItHasNone() {
        Ceiling capped = Ceilings.of(DELAY, new LoadLevel(1000, null), WaitingCap.declared("mine", 200), BACKEND);
        assertThat(capped.rps()).isEqualTo(10_000.0);
        assertThat(capped.designRps()).isEqualTo(2_000.0);
        assertThat(capped.design()).isEqualTo("mine: 200 requests at once (its declared cap) ÷ 100ms = 2000 req/s");
        Ceiling open = Ceilings.of(DELAY, new LoadLevel(1000, null), WaitingCap.declared("mine", null), BACKEND);
        assertThat(open.designRps()).isNull();
        assertThat(open.explanation())
                .isEqualTo("1000 connections ÷ 100ms = 10000 req/s; no design cap: server 'mine' declares none"
                        + " (servers[].cap)");
    }
}
