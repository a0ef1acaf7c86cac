package io.loadlab.servers.blocking;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;
import io.loadlab.testkit.QuietHost;
import io.loadlab.testkit.RawHttp;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(60)
class GracefulStopTest {

    static Stream<ServerModel> models() {
        return BlockingModel.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void closeFinishesTheRequestInFlightClosesIdleConnectionsAndStopsAccepting(ServerModel model) throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        RunningServer s = model.start(ServerSpec.builder(model.name()).build());
        int port = s.port();
        try (RawHttp inFlight = new RawHttp(port)) {
            inFlight.send(RawHttp.get("/delay?ms=500", ""));
            Thread.sleep(100);
            long t0 = System.nanoTime();
            CompletableFuture<Void> closing = CompletableFuture.runAsync(s::close);
            RawHttp.Response[] answer = new RawHttp.Response[1];
            host.holds("the request sent 100 ms before the stop is in flight by then", () -> {
                try {
                    answer[0] = inFlight.read();
                } catch (IOException notInFlight) {
                    throw new AssertionError(notInFlight.getMessage(), notInFlight);
                }
            });
            RawHttp.Response r = answer[0];
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("Connection")).isEqualToIgnoringCase("close");
            closing.get();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            host.holds("a graceful stop ends within 5 s", () -> assertThat(ms).isLessThan(5_000));
            assertThat(inFlight.closedByServer()).isTrue();
        }
        try (Socket refused = new Socket("127.0.0.1", port)) {
            throw new AssertionError("still accepting on " + port + " after close: " + refused);
        } catch (ConnectException expected) {
            // closed
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void idleKeepAliveConnectionsDoNotDelayTheStop(ServerModel model) throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        RunningServer s = model.start(ServerSpec.builder(model.name()).build());
        try (RawHttp idle = new RawHttp(s.port())) {
            assertThat(idle.send(RawHttp.get("/plaintext", "")).read().status()).isEqualTo(200);
            long t0 = System.nanoTime();
            s.close();
            host.holds(
                    "idle connections closed within 1 s of the stop",
                    () -> assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(1_000));
            assertThat(idle.closedByServer()).isTrue();
        }
    }
}
