package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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

    private static LoadReport run(HostileServer server) {
        long start = System.nanoTime();
        LoadReport r = LoadGenerator.run(
                LoadSpec.builder(server.url())
                        .threads(1)
                        .connections(4)
                        .duration(DURATION)
                        .timeout(TIMEOUT)
                        .build(),
                ProgressListener.NONE);
        long elapsedNanos = System.nanoTime() - start;
        assertThat(elapsedNanos).as("run time").isLessThan(DURATION.nanos() + TIMEOUT.nanos());
        return r;
    }

    @Test
    void garbageIsInvalid() throws Exception {
        try (HostileServer s = new HostileServer((sock, out) -> HostileServer.write(out, "SSH-2.0-OpenSSH\r\n\r\n"))) {
            ErrorCounts e = run(s).errors();
            assertThat(e.invalid()).isPositive();
            assertThat(e.total()).isEqualTo(e.invalid());
            assertThat(s.accepted.get()).isGreaterThan(4);
        }
    }

    @Test
    void oversizedHeadersAreInvalid() throws Exception {
        String big = "X-Big: " + "a".repeat(70 * 1024) + "\r\n";
        try (HostileServer s = new HostileServer(
                (sock, out) -> HostileServer.write(out, "HTTP/1.1 200 OK\r\n" + big + "Content-Length: 0\r\n\r\n"))) {
            ErrorCounts e = run(s).errors();
            assertThat(e.invalid()).isPositive();
            assertThat(e.total() - e.invalid() - e.read()).isZero();
        }
    }

    @Test
    void bodyThatNeverEndsTimesOut() throws Exception {
        try (HostileServer s = new HostileServer((sock, out) -> {
            HostileServer.write(out, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nabc");
            Thread.sleep(60_000);
        })) {
            LoadReport r = run(s);
            assertThat(r.errors().timeout()).isPositive();
            assertThat(r.errors().total()).isEqualTo(r.errors().timeout());
            assertThat(r.requests()).isZero();
        }
    }

    @Test
    void earlyCloseIsAReadError() throws Exception {
        try (HostileServer s = new HostileServer((sock, out) -> sock.close())) {
            ErrorCounts e = run(s).errors();
            assertThat(e.read()).isPositive();
            assertThat(e.total()).isEqualTo(e.read());
        }
    }

    @Test
    void closeMidBodyIsAReadError() throws Exception {
        try (HostileServer s = new HostileServer((sock, out) -> {
            HostileServer.write(out, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhalf");
            sock.close();
        })) {
            ErrorCounts e = run(s).errors();
            assertThat(e.read()).isPositive();
            assertThat(e.total()).isEqualTo(e.read());
        }
    }

    @Test
    void resetIsAReadError() throws Exception {
        try (HostileServer s = new HostileServer((sock, out) -> {
            sock.setSoLinger(true, 0);
            sock.close();
        })) {
            ErrorCounts e = run(s).errors();
            assertThat(e.read()).isPositive();
            assertThat(e.total()).isEqualTo(e.read());
        }
    }

    @Test
    void chunkedStreamCutInHalfIsInvalid() throws Exception {
        try (HostileServer s = new HostileServer((sock, out) -> {
            HostileServer.write(out, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n01234567");
            sock.close();
        })) {
            ErrorCounts e = run(s).errors();
            assertThat(e.invalid()).isPositive();
            assertThat(e.total()).isEqualTo(e.invalid());
        }
    }

    @Test
    void unexpectedStatusIsCountedPerCode() throws Exception {
        try (HostileServer s = new HostileServer((sock, out) ->
                HostileServer.write(out, "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 2\r\n\r\nno"))) {
            LoadReport r = run(s);
            assertThat(r.errors().status()).isEqualTo(r.requests()).isPositive();
            assertThat(r.statusCodes()).containsOnlyKeys("500");
            assertThat(r.errors().total()).isEqualTo(r.errors().status());
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
            LoadReport r = LoadGenerator.run(
                    LoadSpec.builder(url)
                            .threads(1)
                            .connections(4)
                            .duration(DURATION)
                            .timeout(TIMEOUT)
                            .build(),
                    ProgressListener.NONE);
            assertThat(r.errors().connect()).isPositive();
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
}
