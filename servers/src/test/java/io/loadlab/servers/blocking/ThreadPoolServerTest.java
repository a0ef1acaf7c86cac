package io.loadlab.servers.blocking;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.settings.Limit;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModels;
import io.loadlab.servers.ServerSpec;
import io.loadlab.testkit.QuietHost;
import io.loadlab.testkit.RawHttp;
import io.loadlab.testkit.contract.ContractAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class ThreadPoolServerTest {

    @Test
    void aFullQueueIsAnsweredAtOnceWith503AndClose() throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        ServerSpec spec = ServerSpec.builder("thread-pool").threads(2).queue(2).build();
        try (RunningServer s = ServerModels.byName("thread-pool").start(spec);
                RawHttp busy1 = new RawHttp(s.port());
                RawHttp busy2 = new RawHttp(s.port());
                RawHttp queued1 = new RawHttp(s.port());
                RawHttp queued2 = new RawHttp(s.port())) {
            // a task is a whole connection: two open keep-alive connections hold both threads
            assertThat(busy1.send(RawHttp.get("/plaintext", "")).read().status())
                    .isEqualTo(200);
            assertThat(busy2.send(RawHttp.get("/plaintext", "")).read().status())
                    .isEqualTo(200);
            queued1.send(RawHttp.get("/plaintext", ""));
            queued2.send(RawHttp.get("/plaintext", ""));
            Thread.sleep(200); // let the accept thread queue both

            for (int i = 0; i < 3; i++) {
                try (RawHttp rejected = new RawHttp(s.port())) {
                    long t0 = System.nanoTime();
                    RawHttp.Response r =
                            rejected.send(RawHttp.get("/delay?ms=10", "")).read();
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    assertThat(r.status()).isEqualTo(503);
                    ContractAssertions.headers(r, "application/json");
                    assertThat(r.text()).isEqualTo("{\"error\":\"overloaded: request queue full\"}");
                    assertThat(r.header("Connection")).isEqualToIgnoringCase("close");
                    assertThat(r.header("Retry-After")).as("a shed says so").isEqualTo("1");
                    host.holds(
                            "a full queue answers 503 within 2 s",
                            () -> assertThat(ms).as("fail fast").isLessThan(2_000));
                    assertThat(rejected.closedByServer()).isTrue();
                }
            }

            busy1.close(); // a thread frees up: the first queued connection is served
            RawHttp.Response r = queued1.read();
            assertThat(r.status()).isEqualTo(200);
            assertThat(s.settings().threads().requestThreads()).isEqualTo(Limit.of(2));
            assertThat(s.settings().own()).containsEntry("queue", "2");
        }
    }
}
