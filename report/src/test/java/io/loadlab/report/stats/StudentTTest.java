package io.loadlab.report.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StudentTTest {

    @Test
    void quantilesMatchTheTextbookTable() {
        assertThat(StudentT.critical(0.95, 1)).isCloseTo(12.706, within(0.001));
        assertThat(StudentT.critical(0.95, 2)).isCloseTo(4.303, within(0.001));
        assertThat(StudentT.critical(0.95, 4)).isCloseTo(2.776, within(0.001));
        assertThat(StudentT.critical(0.95, 10)).isCloseTo(2.228, within(0.001));
        assertThat(StudentT.critical(0.95, 30)).isCloseTo(2.042, within(0.001));
        assertThat(StudentT.critical(0.99, 5)).isCloseTo(4.032, within(0.001));
        assertThat(StudentT.quantile(0.975, 1e6)).isCloseTo(1.960, within(0.001));
    }

    @Test
    void fractionalDegreesOfFreedomAsWelchGivesThem() {
        assertThat(StudentT.quantile(0.975, 2.5)).isCloseTo(3.57465, within(1e-4));
        assertThat(StudentT.cdf(1.5, 3.3)).isCloseTo(0.888748, within(1e-5));
    }

    @Test
    void cdfIsSymmetricAndTheQuantileInvertsIt() {
        assertThat(StudentT.cdf(0, 7)).isCloseTo(0.5, within(1e-12));
        assertThat(StudentT.cdf(-2, 7) + StudentT.cdf(2, 7)).isCloseTo(1, within(1e-12));
        for (double p : new double[] {0.01, 0.2, 0.6, 0.9, 0.999}) {
            assertThat(StudentT.cdf(StudentT.quantile(p, 3), 3)).isCloseTo(p, within(1e-9));
        }
        assertThat(StudentT.twoSidedP(StudentT.critical(0.95, 4), 4)).isCloseTo(0.05, within(1e-9));
    }

    @Test
    void rejectsNonsense() {
        assertThatThrownBy(() -> StudentT.quantile(1.0, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StudentT.cdf(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
