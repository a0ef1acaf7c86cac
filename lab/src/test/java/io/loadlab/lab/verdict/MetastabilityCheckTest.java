package io.loadlab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.Metastability;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.spec.Overload;
import io.loadlab.testkit.LoadReports;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The goodput timeline around a trigger, known answers: before, during, after, the recovery time, stuck or not. */
class MetastabilityCheckTest {
    private static final Overload OVERLOAD = new Overload(
            3,
            null,
            null,
            new Overload.Trigger(Duration.ofSeconds(1), Duration.ofSeconds(4), Duration.ofSeconds(2)),
            null);

    @Test
    void aModelBackAtFullGoodputTwoSecondsAfterTheTriggerRecovered() {
        // seconds 1-4 at 100, 5-6 (the trigger) at 10, 7-8 at 40, then 95
        Metastability m = measure(new long[] {100, 100, 100, 100, 10, 10, 40, 40, 95, 95, 95, 95, 95, 95, 95, 95});
        assertThat(m.beforeRps()).isEqualTo(100);
        assertThat(m.duringRps()).isEqualTo(10);
        assertThat(m.recoveryS()).isEqualTo(2.0);
        assertThat(m.downS()).isEqualTo(2.0);
        assertThat(m.metastable()).isFalse();
        assertThat(m.timeline()).hasSize(16);
        assertThat(MetastabilityCheck.check(m, 5)).isEmpty();
    }

    @Test
    void aModelStillDownAtTheWindowsEndIsMetastable() {
        Metastability m = measure(new long[] {100, 100, 100, 100, 10, 10, 5, 5, 5, 5, 5, 5, 5, 5, 60, 5});
        assertThat(m.recoveryS()).isNull();
        assertThat(m.downS())
                .as("down until the second starting at 14 s came back above half")
                .isEqualTo(8.0);
        assertThat(m.metastable()).isTrue();
        assertThat(MetastabilityCheck.check(m, 5).orElseThrow().reason())
                .contains("stayed under 50%", "100.0 req/s", "3 client retries");
    }

    @Test
    void withoutATriggerOrGoodputThereIsNothingToMeasure() {
        assertThat(MetastabilityCheck.measure(report(new long[] {100, 100}), Overload.NONE, 5))
                .isNull();
    }

    private static Metastability measure(long[] goodput) {
        return MetastabilityCheck.measure(report(goodput), OVERLOAD, 5);
    }

    private static LoadReport report(long[] goodput) {
        List<IntervalStats> intervals = new ArrayList<>();
        for (int i = 0; i < goodput.length; i++) {
            intervals.add(new IntervalStats(i + 1, 100, 100, 1, 2, 3, 0, goodput[i]));
        }
        return LoadReports.open(100).intervals(intervals).build();
    }
}
