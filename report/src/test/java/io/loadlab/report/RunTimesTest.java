package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunTimesTest {
    @Test
    void theStartIsShownToTheSecondInUtc() {
        assertThat(RunTimes.started("2026-11-28T07:44:24.373416841Z")).isEqualTo("2026-11-28 07:44:24");
        assertThat(RunTimes.started("2026-11-28T08:44:24+01:00")).isEqualTo("2026-11-28 07:44:24");
    }

    @Test
    void aStartThatDoesNotParseIsShownAsItStandsAndNoneAsADash() {
        assertThat(RunTimes.started("yesterday")).isEqualTo("yesterday");
        assertThat(RunTimes.started(null)).isEqualTo(Numbers.DASH);
    }

    @Test
    void theLengthIsInMinutesAndSecondsAndADashWithoutBothEnds() {
        assertThat(RunTimes.took("2026-11-28T07:44:24.3Z", "2026-11-28T07:48:22.2Z"))
                .isEqualTo("3 min 57 s");
        assertThat(RunTimes.took("2026-11-28T07:44:24Z", null)).isEqualTo(Numbers.DASH);
        assertThat(RunTimes.took("yesterday", "2026-11-28T07:48:22Z")).isEqualTo(Numbers.DASH);
    }
}
