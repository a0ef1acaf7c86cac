package io.loadlab.report.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class WelchTestTest {
    private static final double C = 0.95;

    @Test
    void matchesTheTextbookExample() {
        // The classic Welch example (two samples of 15 with unequal variances): t = -2.46, df = 24.99, p = 0.021.
        SampleStats a = SampleStats.of(
                List.of(27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4), C);
        SampleStats b = SampleStats.of(
                List.of(27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4), C);
        WelchTest w = WelchTest.of(a, b);
        assertThat(w.t()).isCloseTo(-2.455356, within(1e-5));
        assertThat(w.df()).isCloseTo(24.98853, within(1e-4));
        assertThat(w.p()).isCloseTo(0.021378, within(1e-5));
        assertThat(w.significant(C)).isTrue();
    }

    @Test
    void overlappingSamplesAreNotSignificant() {
        WelchTest w = WelchTest.of(
                SampleStats.of(List.of(10.0, 12.0, 11.0), C), SampleStats.of(List.of(11.0, 10.5, 12.5), C));
        assertThat(w.p()).isGreaterThan(0.5);
        assertThat(w.significant(C)).isFalse();
    }

    @Test
    void noSpreadAtAll() {
        SampleStats same = SampleStats.of(List.of(5.0, 5.0), C);
        assertThat(WelchTest.of(same, same).p()).isEqualTo(1);
        assertThat(WelchTest.of(same, SampleStats.of(List.of(6.0, 6.0), C)).p()).isZero();
    }

    @Test
    void confidenceIntervalUsesStudentT() {
        SampleStats s = SampleStats.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0), C);
        assertThat(s.mean()).isEqualTo(3.0);
        assertThat(s.stdev()).isCloseTo(Math.sqrt(2.5), within(1e-12));
        assertThat(s.ciHalfWidth()).isCloseTo(2.776445 * Math.sqrt(2.5) / Math.sqrt(5), within(1e-5));
        assertThat(SampleStats.of(List.of(7.0), C).repeated()).isFalse();
        assertThat(SampleStats.of(List.of(7.0), C).ciHalfWidth()).isNaN();
    }
}
