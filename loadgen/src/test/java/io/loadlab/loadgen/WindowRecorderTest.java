package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import org.junit.jupiter.api.Test;

/** What counts is decided by the window's bounds alone, on a made-up clock; a window closed early counts nothing more. */
class WindowRecorderTest {
    private static final long T0 = 1_000_000_000L;
    private static final long T1 = 2_000_000_000L;

    private static WindowRecorder recorder() {
        LoadSpec spec = LoadSpec.builder("http://localhost:1/")
                .threads(1)
                .connections(1)
                .build();
        WindowRecorder r = new WindowRecorder(new RequestPlan(spec, 0, 1, 1), spec, 1);
        r.noWindow(0);
        return r;
    }

    private static long errors(WindowRecorder r) {
        return r.recorders[0].errors[ErrorCategory.RESET.ordinal()];
    }

    @Test
    void anEventCountsFromT0UpToButNotIncludingT1() {
        WindowRecorder r = recorder();
        r.error(0, ErrorCategory.RESET, T0);
        assertThat(errors(r)).as("no window yet").isZero();
        r.window(T0, T1);
        r.error(0, ErrorCategory.RESET, T0 - 1);
        r.error(0, ErrorCategory.RESET, T0);
        r.error(0, ErrorCategory.RESET, T1 - 1);
        r.error(0, ErrorCategory.RESET, T1);
        assertThat(errors(r)).isEqualTo(2);
    }

    @Test
    void aWindowClosedEarlyCountsNothingAfterAndAgesTheUnfinishedToItsClose() {
        WindowRecorder r = recorder();
        r.window(T0, T1);
        long stop = T0 + 500_000_000L;
        assertThat(r.close(stop)).as("the window had opened").isTrue();
        r.window(T0, T1); // told too late: changes nothing
        r.error(0, ErrorCategory.RESET, stop + 1);
        assertThat(errors(r)).isZero();
        r.unfinished(0, T0);
        assertThat(r.recorders[0].oldestUnfinished).isEqualTo(stop - T0);
    }

    @Test
    void aWindowClosedBeforeItOpenedNeverOpened() {
        WindowRecorder r = recorder();
        r.window(T0, T1);
        assertThat(r.close(T0 - 1)).isFalse();
        r.error(0, ErrorCategory.RESET, T0);
        assertThat(errors(r)).isZero();
    }

    @Test
    void delayedCountsOnlyRequestsDueFromT0() {
        WindowRecorder r = recorder();
        r.window(T0, T1);
        r.queued(T0 - 1);
        r.queued(T0);
        assertThat(r.delayed).isEqualTo(1);
    }
}
