package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import org.junit.jupiter.api.Test;

/**
 * The deadline scan skips the ticks before the earliest deadline it can know of, and still times every request out on
 * time: here the server answers at once for a second, then holds every answer for a minute, so each connection's
 * requests time out one after another, 200 ms apart, for the second that is left.
 */
class TimeoutScanTest {
    private static final long HANG_FROM_NANOS = Duration.ofSeconds(1).nanos();

    @Test
    void requestsSentAfterAScanTimeOutOnTime() throws Exception {
        int connections = 4;
        try (TestHttpServer server = new TestHttpServer(arrival ->
                arrival < HANG_FROM_NANOS ? 0 : Duration.ofSeconds(60).nanos())) {
            LoadReport r = LoadGenerator.run(
                    LoadSpec.builder(server.url("/"))
                            .threads(1)
                            .connections(connections)
                            .timeout(Duration.ofMillis(200))
                            .duration(Duration.ofSeconds(2))
                            .build(),
                    new ProgressListener() {});
            assertThat(r.requests()).as("answered in the first second").isPositive();
            // 1 s of hanging requests, each given up 200 ms after it was sent: 4 per connection, the fifth unfinished;
            // a scan skipped past a deadline would give up fewer
            assertThat(r.errors().get(ErrorCategory.TIMEOUT)).isGreaterThanOrEqualTo(3L * connections);
        }
    }
}
