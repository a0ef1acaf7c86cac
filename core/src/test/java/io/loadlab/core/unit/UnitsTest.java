package io.loadlab.core.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class UnitsTest {
    @ParameterizedTest
    @CsvSource({
        "250ms, 250000000",
        "10s, 10000000000",
        "1m30s, 90000000000",
        "2h, 7200000000000",
        "100us, 100000",
        "1.5s, 1500000000",
        "30, 30000000000",
        "0, 0",
        "1m, 60000000000",
        "1h1m1s, 3661000000000"
    })
    void parsesDurations(String text, long nanos) {
        assertThat(Duration.parse(text).nanos()).isEqualTo(nanos);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ten", "10x", "-5s", "1m30", "s", "10 s", "1.s"})
    void rejectsBadDurationsSayingWhatWasExpected(String text) {
        assertThatThrownBy(() -> Duration.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a duration such as 250ms, 10s or 1m30s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"250ms", "10s", "1m30s", "2h", "100us", "0s", "1h1m1s"})
    void durationsPrintInTheFormTheyParseFrom(String text) {
        assertThat(Duration.parse(text).toString()).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({"5000, 5000", "5000/s, 5000", "10k, 10000", "10k/s, 10000", "1.5k, 1500", "2m, 2000000", "600/m, 10"})
    void parsesRates(String text, double perSecond) {
        assertThat(Rate.parse(text).perSecond()).isEqualTo(perSecond);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "fast", "10/h", "", "1e3"})
    void rejectsBadRates(String text) {
        assertThatThrownBy(() -> Rate.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a positive rate");
    }

    @Test
    void rateIntervalIsTheGapBetweenRequests() {
        assertThat(Rate.parse("1k").intervalNanos()).isEqualTo(1_000_000.0);
    }

    @ParameterizedTest
    @CsvSource({
        "512, 512",
        "512B, 512",
        "8KiB, 8192",
        "1MiB, 1048576",
        "2GiB, 2147483648",
        "8kB, 8000",
        "1MB, 1000000",
        "1k, 1024",
        "64m, 67108864"
    })
    void parsesSizes(String text, long bytes) {
        assertThat(Size.parse(text).bytes()).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "big", "8XB", "-1KiB", "KiB"})
    void rejectsBadSizes(String text) {
        assertThatThrownBy(() -> Size.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a size such as");
    }

    @Test
    void sizesPrintInTheLargestExactBinaryUnit() {
        assertThat(Size.parse("8KiB").toString()).isEqualTo("8KiB");
        assertThat(Size.parse("1536").toString()).isEqualTo("1536B");
        assertThat(Size.parse("3MiB").toString()).isEqualTo("3MiB");
    }

    @ParameterizedTest
    @CsvSource({"100, 100", "10k, 10000", "1.5k, 1500", "2m, 2000000", "0, 0"})
    void parsesCounts(String text, int value) {
        assertThat(Count.parse(text)).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5", "-3", "ten", "3000m", ""})
    void rejectsBadCounts(String text) {
        assertThatThrownBy(() -> Count.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a whole number");
    }

    @ParameterizedTest
    @CsvSource({"1%, 0.01", "0.5%, 0.005", "0.01, 0.01", "100%, 1", "0, 0", "' 2 % ', 0.02"})
    void parsesPercentages(String text, double fraction) {
        assertThat(Percent.parse(text).fraction()).isCloseTo(fraction, org.assertj.core.data.Offset.offset(1e-12));
    }

    @ParameterizedTest
    @ValueSource(strings = {"101%", "-1%", "2", "one", "", "%"})
    void rejectsBadPercentages(String text) {
        assertThatThrownBy(() -> Percent.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a percentage");
    }

    @Test
    void percentagesPrintAsTheyAreWritten() {
        assertThat(Percent.parse("1%").toString()).isEqualTo("1%");
        assertThat(Percent.parse("0.5%").toString()).isEqualTo("0.5%");
    }
}
