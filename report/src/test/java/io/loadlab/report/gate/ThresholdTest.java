package io.loadlab.report.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.RequestStats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ThresholdTest {
    private static LoadReport run() {
        Map<String, RequestStats> per = new LinkedHashMap<>();
        per.put("fast", Reports.request(900, 9000, 2, 0));
        per.put("slow", Reports.request(100, 1000, 180, 1));
        // 1000 responses + 1 timeout: an error rate of 1/1001
        return Reports.load(10_000, 1000, 120, 1, per);
    }

    @Test
    void readsK6sGrammar() {
        Threshold t = Threshold.parse("p99<50ms");
        assertThat(t.metric()).isEqualTo(Metric.P99);
        assertThat(t.op()).isEqualTo(Operator.LT);
        assertThat(t.limit()).isEqualTo(50.0);
        assertThat(t.request()).isNull();
        assertThat(Threshold.parse("p99.9 <= 0.2s").limit()).isEqualTo(200.0);
        assertThat(Threshold.parse("p(99.9)<200ms").metric()).isEqualTo(Metric.P999);
        assertThat(Threshold.parse("p99.99<1s").metric()).isEqualTo(Metric.P9999);
        assertThat(Threshold.parse("avg<1ms").metric()).isEqualTo(Metric.MEAN);
        assertThat(Threshold.parse("med<1ms").metric()).isEqualTo(Metric.P50);
        assertThat(Threshold.parse("p99<1us").limit()).isEqualTo(0.001);
        assertThat(Threshold.parse("errors<0.1%").limit()).isCloseTo(0.001, within(1e-12));
        assertThat(Threshold.parse("errors<0.01").limit()).isCloseTo(0.01, within(1e-12));
        assertThat(Threshold.parse("rps>10k").limit()).isEqualTo(10_000.0);
        assertThat(Threshold.parse("rps>0").limit()).isZero();
        Threshold perClass = Threshold.parse("slow:p99<150ms");
        assertThat(perClass.request()).isEqualTo("slow");
        assertThat(perClass.label()).isEqualTo("slow:p99");
        assertThat(Threshold.parse("/zipcodes/x:p99<1s").request())
                .as("the metric follows the last colon")
                .isEqualTo("/zipcodes/x");
    }

    @Test
    void mistakesSayWhatToWrite() {
        assertThatThrownBy(() -> Threshold.parse("p99 fast"))
                .hasMessageContaining("is not METRIC OP VALUE")
                .hasMessageContaining("p99<50ms");
        assertThatThrownBy(() -> Threshold.parse("p98<1s")).hasMessageContaining("unknown metric 'p98'; use p50");
        assertThatThrownBy(() -> Threshold.parse("p99<50"))
                .hasMessage("'p99<50': a latency needs a unit, e.g. p99<50ms");
        assertThatThrownBy(() -> Threshold.parse("errors<lots")).hasMessageContaining("expected a percentage");
        assertThatThrownBy(() -> Threshold.parse("rps>fast")).hasMessageContaining("expected a positive rate");
        assertThatThrownBy(() -> Threshold.parse("p99<ten")).hasMessageContaining("expected a duration");
    }

    @Test
    void checksTheWholeRunAndEachClass() {
        LoadReport r = run();
        List<ThresholdResult> results = Threshold.checkAll(
                Threshold.parseAll(List.of(
                        "p99<2s",
                        "p99<100ms",
                        "errors<1%",
                        "errors<0.05%",
                        "rps>=10000",
                        "rps>10001",
                        "slow:p99<150ms",
                        "fast:p99<150ms",
                        "slow:errors<2%",
                        "fast:rps>8k")),
                r);
        assertThat(results)
                .extracting(ThresholdResult::passed)
                .containsExactly(true, false, true, false, true, false, false, true, true, true);
        assertThat(results.get(1).line()).isEqualTo("  FAIL  p99<100ms  (p99 = 120ms)");
        assertThat(results.get(0).line()).isEqualTo("  pass  p99<2s  (p99 = 120ms)");
        assertThat(results.get(3).detail()).isEqualTo("errors = 0.0999%");
        assertThat(results.get(6).detail()).isEqualTo("slow:p99 = 180ms");
        assertThat(ThresholdResult.allPassed(results)).isFalse();
    }

    @Test
    void anUnknownClassOrNothingMeasuredFails() {
        ThresholdResult missing = Threshold.parse("search:p99<1s").check(run());
        assertThat(missing.passed()).isFalse();
        assertThat(missing.detail()).isEqualTo("no request class 'search' in this run (it has: fast, slow)");
        ThresholdResult nothing = Threshold.parse("p99<1s").check(Reports.load(0, 0, 0, 5, Map.of()));
        assertThat(nothing.passed())
                .as("no latency recorded is no proof of a fast server")
                .isFalse();
        assertThat(nothing.detail()).isEqualTo("p99 = nothing recorded");
    }
}
