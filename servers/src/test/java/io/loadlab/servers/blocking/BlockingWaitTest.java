package io.loadlab.servers.blocking;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModels;
import io.loadlab.servers.ServerSpec;
import io.loadlab.testkit.QuietHost;
import io.loadlab.testkit.RawHttp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The blocking models really hold a thread while they wait, and virtual threads really do not hold a kernel thread:
 * measured from the outside, by wall-clock time of a burst of {@code /delay} requests.
 */
@Timeout(60)
class BlockingWaitTest {

    @Test
    void aPoolOfFourThreadsServesFortyDelaysInTenRounds() throws Exception {
        ServerSpec spec =
                ServerSpec.builder("thread-pool").threads(4).queue(100).build();
        try (RunningServer s = ServerModels.byName("thread-pool").start(spec)) {
            long ms = burst(s.port(), 40, 200);
            // 40 requests / 4 threads = 10 rounds of 200 ms
            assertThat(ms).isGreaterThanOrEqualTo(2_000);
        }
    }

    @Test
    void virtualThreadsServeAThousandDelaysAtOnce() throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        ServerSpec spec = ServerSpec.builder("virtual-threads").build();
        try (RunningServer s = ServerModels.byName("virtual-threads").start(spec)) {
            burst(s.port(), 50, 10); // warm up class loading and the carrier threads
            long ms = burst(s.port(), 1_000, 200);
            host.holds(
                    "1,000 concurrent 200 ms delays answered within 1.5 s",
                    () -> assertThat(ms).isLessThan(1_500));
        }
    }

    /**
     * Opens {@code clients} connections first, then sends one {@code /delay?ms=delayMs} on each at once, and returns
     * the milliseconds until every answer arrived. Every answer must be 200.
     */
    private static long burst(int port, int clients, int delayMs) throws Exception {
        List<RawHttp> connections = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < clients; i++) {
                connections.add(new RawHttp(port));
            }
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Integer>> answers = new ArrayList<>();
            for (RawHttp c : connections) {
                answers.add(pool.submit(() -> {
                    go.await();
                    return c.send(RawHttp.get("/delay?ms=" + delayMs, "Connection: close\r\n"))
                            .read()
                            .status();
                }));
            }
            long t0 = System.nanoTime();
            go.countDown();
            for (Future<Integer> f : answers) {
                assertThat(f.get()).isEqualTo(200);
            }
            return (System.nanoTime() - t0) / 1_000_000;
        } finally {
            for (RawHttp c : connections) {
                c.close();
            }
        }
    }
}
