package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** What one request's recorder keeps of made-up times: microseconds, bounded; service time in the open model only. */
class RequestRecorderTest {
    private static RequestRecorder recorder(boolean open) {
        LoadSpec.Builder b = LoadSpec.builder("http://localhost:1/")
                .threads(1)
                .connections(1)
                .timeout(Duration.ofSeconds(2));
        if (open) {
            b.rate(Rate.perSecond(10));
        }
        return RequestRecorder.forRun(1, b.build())[0];
    }

    @Test
    void latencyIsRecordedInRoundedMicrosecondsAtLeastOne() {
        RequestRecorder r = recorder(false);
        r.record(1_499, 1_499, false);
        r.record(1_500, 1_500, false);
        r.record(0, 0, false);
        Histogram h = r.latency.getIntervalHistogram();
        assertThat(h.getTotalCount()).isEqualTo(3);
        assertThat(h.getCountAtValue(1)).isEqualTo(2);
        assertThat(h.getCountAtValue(2)).isEqualTo(1);
        assertThat(r.service.getIntervalHistogram().getTotalCount())
                .as("no service time in the closed model")
                .isZero();
    }

    @Test
    void theOpenModelRecordsServiceTimeAndTracksTwiceTheTimeout() {
        RequestRecorder r = recorder(true);
        r.record(3_000_000_000L, 1_000_000L, true);
        r.record(99_000_000_000L, 1_000_000L, true);
        Histogram latency = r.latency.getIntervalHistogram();
        assertThat(latency.getMaxValue())
                .as("a wait and an answer, each up to 2 s")
                .isEqualTo(latency.highestEquivalentValue(4_000_000));
        assertThat(latency.getCountAtValue(3_000_000)).isOne();
        assertThat(r.service.getIntervalHistogram().getCountAtValue(1_000)).isEqualTo(2);
    }

    @Test
    void unfinishedRequestsAreCountedApartWithTheOldestAge() {
        RequestRecorder r = recorder(true);
        r.unfinished(5_000_000L, 2_000_000L, true);
        r.unfinished(9_000_000L, -1, true);
        assertThat(r.unfinished).isEqualTo(2);
        assertThat(r.oldestUnfinished).isEqualTo(9_000_000L);
        assertThat(r.unfinishedLatency.getTotalCount()).isEqualTo(2);
        assertThat(r.unfinishedService.getTotalCount()).as("one was never sent").isOne();
        assertThat(r.latency.getIntervalHistogram().getTotalCount())
                .as("the per-second counts stay counts of responses")
                .isZero();
    }

    @Test
    void statusesAndErrorsAreCounted() {
        RequestRecorder r = recorder(false);
        r.status(200);
        r.status(200);
        r.status(599);
        r.status(600);
        r.status(-1);
        r.error(ErrorCategory.TIMEOUT);
        r.error(ErrorCategory.STATUS);
        assertThat(r.statuses[200]).isEqualTo(2);
        assertThat(r.statuses[599]).isOne();
        assertThat(r.errors[ErrorCategory.TIMEOUT.ordinal()]).isOne();
        assertThat(r.errorTotal()).isEqualTo(2);
    }
}
