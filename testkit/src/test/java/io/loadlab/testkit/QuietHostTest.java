package io.loadlab.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A check that holds passes; a failure is put down to the host only when other processes took its CPU. */
class QuietHostTest {
    @Test
    void aCheckThatHoldsPasses() throws Exception {
        int[] ran = {0};
        QuietHost.holds("nothing", () -> ran[0]++);
        assertThat(ran[0]).isOne();
    }

    @Test
    void otherExceptionsPropagate() {
        assertThatThrownBy(() -> QuietHost.holds("nothing", () -> {
                    throw new IllegalStateException("a bug");
                }))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void othersShareIsWhatTheHostUsedBeyondThisFamily() {
        CpuShares before = new CpuShares(100, 1000, 50);
        CpuShares after = new CpuShares(900, 2000, 250);
        assertThat(after.othersShareSince(before)).isEqualTo(0.6);
        assertThat(new CpuShares(100, 1000, 50).othersShareSince(before)).isZero();
    }

    @Test
    void thisJvmIsReadFromProc() {
        CpuShares now = CpuShares.read();
        assertThat(now).isNotNull();
        assertThat(now.family()).isPositive();
        assertThat(now.total()).isGreaterThan(now.busy());
    }

    @Test
    void theReasonSaysHowBusyTheHostWasWhatTheCheckNeedsAndWhatFailed() {
        String s = QuietHost.skipped(0.6, "a 1 ms timer", new AssertionError("\nExpecting:\n  19L\nto be <= 10L"));
        assertThat(s)
                .startsWith("skipped: the host was busy (other processes took 60% of ")
                .contains("a 1 ms timer; it failed with: Expecting: 19L to be <= 10L")
                .doesNotContain("\n");
    }
}
