package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.testkit.HostileServer;
import io.loadlab.testkit.Misbehaviour;
import io.loadlab.testkit.QuietHost;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Broken servers are counted in the right category, the connection is replaced, and the run ends on time. */
class HostileServerTest {
    private static final Duration DURATION = Duration.ofMillis(1500);
    private static final Duration TIMEOUT = Duration.ofMillis(500);

    /** Loads the classes and native transport once, so that each test's run time is the engine's alone. */
    @BeforeAll
    static void warmUp() throws Exception {
        try (TestHttpServer server = new TestHttpServer(t -> 0)) {
            LoadGenerator.run(
                    LoadSpec.builder(server.url("/"))
                            .threads(1)
                            .connections(2)
                            .duration(Duration.ofMillis(300))
                            .build(),
                    ProgressListener.NONE);
        }
    }

    private static LoadReport run(HostileServer server) throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        long start = System.nanoTime();
        LoadReport r = run(server.url());
        long elapsedNanos = System.nanoTime() - start;
        host.holds(
                "the run ends within its timeout of its window's end",
                () -> assertThat(elapsedNanos).as("run time").isLessThan(DURATION.nanos() + TIMEOUT.nanos()));
        return r;
    }

    @ParameterizedTest
    @EnumSource(Misbehaviour.class)
    void everyUnusableAnswerIsCountedInItsCategoryAndTheRunEndsOnTime(Misbehaviour m) throws Exception {
        try (HostileServer s = m.serve()) {
            LoadReport r = run(s);
            ErrorCategory category = ErrorCategory.byId(m.category());
            ErrorCounts e = r.errors();
            assertThat(e.get(category)).as(m + " → " + e).isPositive();
            long other = e.total() - e.get(category);
            if (m == Misbehaviour.HUGE_HEADER) {
                // the server's write may be cut by the client's close, which the client may see as a reset
                other -= e.get(ErrorCategory.RESET);
            }
            assertThat(other).as(m + ": nothing counted elsewhere: " + e).isZero();
            assertThat(r.successes()).isZero();
            if (m != Misbehaviour.SILENCE && m != Misbehaviour.RESET) {
                assertThat(r.throughput().bytesRead())
                        .as("every byte read is counted")
                        .isPositive();
            }
            assertThat(s.accepted.get()).as("broken connections are replaced").isGreaterThan(4);
        }
    }

    @Test
    void unexpectedStatusIsCountedPerCode() throws Exception {
        try (HostileServer s = new HostileServer((sock, out) ->
                HostileServer.write(out, "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 2\r\n\r\nno"))) {
            LoadReport r = run(s);
            assertThat(r.errors().get(ErrorCategory.STATUS))
                    .isEqualTo(r.requests())
                    .isPositive();
            assertThat(r.statusCodes()).containsOnlyKeys("500");
            assertThat(r.errors().total()).isEqualTo(r.errors().get(ErrorCategory.STATUS));
        }
    }

    @Test
    void serverThatStopsListeningGivesConnectErrors() throws Exception {
        try (HostileServer s = new HostileServer((sock, out) -> sock.close())) {
            String url = s.url();
            Thread.ofVirtual().start(() -> {
                try {
                    Thread.sleep(200);
                    s.stopListening();
                } catch (Exception e) {
                    // ignore
                }
            });
            LoadReport r = run(url);
            assertThat(r.errors().get(ErrorCategory.CONNECT)).isPositive();
        }
    }

    @Test
    void connectionCloseIsHonouredAndChunkedBodiesAreReadWithoutErrors() throws Exception {
        try (HostileServer s = new HostileServer((sock, out) -> {
            HostileServer.write(
                    out,
                    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                            + "5\r\nHello\r\n8\r\n, World!\r\n0\r\n\r\n");
            sock.close();
        })) {
            LoadReport r = run(s);
            assertThat(r.requests()).isPositive();
            assertThat(r.errors().total()).isZero();
            assertThat(s.accepted.get()).as("a new connection per request").isGreaterThanOrEqualTo((int) r.requests());
        }
    }

    /** One thread, four connections, the test's duration and timeout. */
    private static LoadReport run(String url) {
        return LoadGenerator.run(
                LoadSpec.builder(url)
                        .threads(1)
                        .connections(4)
                        .duration(DURATION)
                        .timeout(TIMEOUT)
                        .build(),
                ProgressListener.NONE);
    }
}
