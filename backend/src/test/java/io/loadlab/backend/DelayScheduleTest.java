package io.loadlab.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import io.loadlab.testkit.RawHttp;
import org.junit.jupiter.api.Test;

/** The delay schedule: its written form, the delay at each moment, and setting it on a running backend. */
class DelayScheduleTest {
    private static final long S = 1_000_000_000L;

    @Test
    void theDelayRisesForASetTimeThenReturns() {
        DelaySchedule s = DelaySchedule.parse("50ms,10s:1s,5s:50ms");
        assertThat(s.delayMs(0)).isEqualTo(50);
        assertThat(s.delayMs(10 * S - 1)).isEqualTo(50);
        assertThat(s.delayMs(10 * S)).isEqualTo(1000);
        assertThat(s.delayMs(15 * S - 1)).isEqualTo(1000);
        assertThat(s.delayMs(15 * S)).isEqualTo(50);
        assertThat(s.delayMs(100 * S)).isEqualTo(50);
        assertThat(DelaySchedule.parse(s.toString())).isEqualTo(s);
        assertThat(DelaySchedule.trigger(
                        Duration.ofMillis(50), Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofSeconds(5)))
                .isEqualTo(s);
        assertThat(DelaySchedule.parse("20ms").delayMs(50 * S)).isEqualTo(20);
    }

    @Test
    void aMalformedScheduleIsOneLineSayingWhatIsExpected() {
        for (String bad : new String[] {"", "fast", "50ms,10s", "50ms,10s:1s:2s", "50ms,x:1s", "50ms,1s:2m"}) {
            assertThatThrownBy(() -> DelaySchedule.parse(bad))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("expected DELAY[,AFTER:DELAY...]")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void aRunningBackendTakesANewScheduleOverHttp() throws Exception {
        try (RunningBackend backend = BackendServer.start(BackendSpec.defaults().withDelay(Duration.ZERO));
                RawHttp c = new RawHttp(backend.port())) {
            RawHttp.Response set = c.get("/schedule?set=0s,1h:1m");
            assertThat(set.status()).isEqualTo(200);
            assertThat(set.text()).contains("0s,1h:1m");
            assertThat(c.get("/schedule?set=soon").status()).isEqualTo(400);
            assertThat(c.get("/schedule").text()).contains("0s,1h:1m");
            assertThat(c.get("/hello").status()).isEqualTo(200);
        }
    }
}
