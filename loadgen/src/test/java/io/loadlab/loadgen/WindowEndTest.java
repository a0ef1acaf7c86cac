package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.testkit.QuietHost;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WindowEndTest {
    @Test
    void nothingIsSentOnceTheMeasuredWindowIsOver() throws Exception {
        QuietHost.holds("arrivals are stamped within a round trip of their send", () -> {
            ConcurrentLinkedQueue<Long> arrivals = new ConcurrentLinkedQueue<>();
            int connections = 10;
            long durationNanos = Duration.ofSeconds(1).nanos();
            AtomicLong measuringFrom = new AtomicLong();
            try (TestHttpServer server = new TestHttpServer(t -> {
                arrivals.add(t);
                return 0;
            })) {
                LoadReport r = LoadGenerator.run(
                        LoadSpec.builder(server.url("/"))
                                .threads(1)
                                .connections(connections)
                                .warmup(Duration.ofMillis(200))
                                .duration(Duration.ofSeconds(1))
                                .build(),
                        new ProgressListener() {
                            @Override
                            public void measuring() {
                                measuringFrom.set(System.nanoTime());
                            }
                        });
                assertThat(r.requests()).isGreaterThan(1000);
                // measuring() runs just after the window opened, so this is at or after the window's end
                long end = measuringFrom.get() + durationNanos - server.startNanos;
                long late = arrivals.stream().filter(t -> t > end).count();
                // at most the requests already sent when the window closed: one per connection
                assertThat(late).isLessThanOrEqualTo(connections);
            }
        });
    }
}
