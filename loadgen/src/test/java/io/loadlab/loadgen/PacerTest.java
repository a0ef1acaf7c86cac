package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PacerTest {
    /** A clock the test moves by hand (as Hyperfoil's TestClock). */
    static final class TestClock implements NanoClock {
        long now;

        @Override
        public long nanoTime() {
            return now;
        }
    }

    private static List<Long> drain(Pacer p, long now) {
        List<Long> out = new ArrayList<>();
        long t;
        while ((t = p.pollDue(now)) >= 0) {
            out.add(t);
        }
        return out;
    }

    @Test
    void requestsAreDueAtStartPlusIndexTimesInterval() {
        TestClock clock = new TestClock();
        clock.now = 1_000;
        Pacer p = new Pacer(1_000, Long.MAX_VALUE, 100, 0); // 10 ms apart
        assertThat(drain(p, clock.nanoTime())).containsExactly(1_000L);
        clock.now += 9_999_999;
        assertThat(drain(p, clock.nanoTime())).isEmpty();
        clock.now += 1;
        assertThat(drain(p, clock.nanoTime())).containsExactly(10_001_000L);
        assertThat(p.peek()).isEqualTo(20_001_000L);
    }

    @Test
    void aLateWakeUpGetsEveryMissedRequestWithItsOwnIntendedTimeNeverSkipping() {
        Pacer p = new Pacer(0, Long.MAX_VALUE, 1000, 0);
        drain(p, 0);
        List<Long> late = drain(p, 1_000_000_000L); // stalled for a second
        assertThat(late).hasSize(1000);
        assertThat(late.get(0)).isEqualTo(1_000_000L);
        assertThat(late.get(999)).isEqualTo(1_000_000_000L);
        assertThat(p.issued()).isEqualTo(1001);
    }

    @Test
    void threadsAreSpreadByPhaseAndTheRateIsSplit() {
        // 2 threads at a total of 200/s: each 100/s, the second half an interval later
        Pacer a = new Pacer(0, Long.MAX_VALUE, 100, 0.0);
        Pacer b = new Pacer(0, Long.MAX_VALUE, 100, 0.5);
        assertThat(a.peek()).isZero();
        assertThat(b.peek()).isEqualTo(5_000_000L);
        assertThat(drain(a, 999_999_999L).size() + drain(b, 999_999_999L).size())
                .isEqualTo(200);
    }

    @Test
    void nothingIsDueAtOrAfterTheEnd() {
        Pacer p = new Pacer(0, 50_000_000L, 100, 0);
        assertThat(drain(p, Long.MAX_VALUE - 1)).hasSize(5);
        assertThat(p.peek()).isEqualTo(Long.MAX_VALUE);
    }
}
