package io.loadlab.servers.blocking;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.testkit.QuietHost;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class BlockingBackendClientTest {

    /** A scripted backend: answers each request with {@code response}, closing after each when told to. */
    private static final class FakeBackend implements AutoCloseable {
        final ServerSocket server;
        final AtomicInteger connections = new AtomicInteger();
        final AtomicInteger requests = new AtomicInteger();

        FakeBackend(String response, boolean closeAfterEach, boolean silent) throws IOException {
            server = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
            Thread.ofVirtual().start(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket s = server.accept();
                        connections.incrementAndGet();
                        Thread.ofVirtual().start(() -> serve(s, response, closeAfterEach, silent));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        private void serve(Socket s, String response, boolean closeAfterEach, boolean silent) {
            try (s) {
                BufferedReader in =
                        new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
                OutputStream out = s.getOutputStream();
                String line;
                while ((line = in.readLine()) != null) {
                    if (!line.isEmpty()) {
                        continue;
                    }
                    requests.incrementAndGet();
                    if (silent) {
                        continue;
                    }
                    out.write(response.getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    if (closeAfterEach) {
                        return;
                    }
                }
            } catch (IOException ignored) {
                // client gone
            }
        }

        URI url() {
            return URI.create("http://127.0.0.1:" + server.getLocalPort());
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    private static final String HELLO =
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n\r\n" + "Hello, World!";

    @Test
    void reusesOneKeepAliveConnection() throws Exception {
        try (FakeBackend b = new FakeBackend(HELLO, false, false);
                BlockingBackendClient c = new BlockingBackendClient(b.url(), 100, 4, 2_000)) {
            for (int i = 0; i < 5; i++) {
                BlockingBackendClient.Result r = c.hello();
                assertThat(r.ok()).as(r.failure()).isTrue();
                assertThat(new String(r.body(), StandardCharsets.US_ASCII)).isEqualTo("Hello, World!");
            }
            assertThat(b.requests.get()).isEqualTo(5);
            assertThat(b.connections.get()).isEqualTo(1);
        }
    }

    @Test
    void retriesOnceWhenTheBackendClosedAnIdleConnection() throws Exception {
        try (FakeBackend b = new FakeBackend(HELLO, true, false);
                BlockingBackendClient c = new BlockingBackendClient(b.url(), 100, 4, 2_000)) {
            for (int i = 0; i < 3; i++) {
                assertThat(c.hello().ok()).isTrue();
                Thread.sleep(50); // let the close arrive
            }
            assertThat(b.requests.get()).isEqualTo(3);
            assertThat(b.connections.get()).isEqualTo(3);
        }
    }

    @Test
    void decodesChunkedAnswersAndReportsFailuresInOneLine() throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        String chunked =
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nHello\r\n8\r\n, World!\r\n0\r\n\r\n";
        try (FakeBackend b = new FakeBackend(chunked, false, false);
                BlockingBackendClient c = new BlockingBackendClient(b.url(), 100, 4, 2_000)) {
            assertThat(new String(c.hello().body(), StandardCharsets.US_ASCII)).isEqualTo("Hello, World!");
        }
        try (FakeBackend b = new FakeBackend("HTTP/1.1 500 Oops\r\nContent-Length: 0\r\n\r\n", false, false);
                BlockingBackendClient c = new BlockingBackendClient(b.url(), 100, 4, 2_000)) {
            assertThat(c.hello().failure()).isEqualTo("backend: status 500");
            assertThat(c.unhealthy()).isEqualTo("backend: status 500");
        }
        try (FakeBackend b = new FakeBackend(HELLO, false, true);
                BlockingBackendClient c = new BlockingBackendClient(b.url(), 100, 4, 300)) {
            long t0 = System.nanoTime();
            assertThat(c.hello().failure()).isEqualTo("backend: timed out");
            host.holds(
                    "a 300 ms timeout, not retried, ends within 1.5 s",
                    () -> assertThat((System.nanoTime() - t0) / 1_000_000)
                            .as("no retry after a timeout")
                            .isLessThan(1_500));
        }
        int free;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            free = s.getLocalPort();
        }
        try (BlockingBackendClient c = new BlockingBackendClient(URI.create("http://127.0.0.1:" + free), 100, 4, 300)) {
            assertThat(c.hello().failure()).isEqualTo("backend: connection refused");
        }
    }

    @Test
    void callersPastMaxConnectionsWaitForOneInsteadOfOpeningMore() throws Exception {
        try (FakeBackend b = new FakeBackend(HELLO, false, false);
                BlockingBackendClient c = new BlockingBackendClient(b.url(), 1, 4, 2_000)) {
            List<Thread> callers = new ArrayList<>();
            AtomicInteger ok = new AtomicInteger();
            for (int t = 0; t < 8; t++) {
                callers.add(Thread.ofVirtual().start(() -> {
                    for (int i = 0; i < 20; i++) {
                        if (c.hello().ok()) {
                            ok.incrementAndGet();
                        }
                    }
                }));
            }
            for (Thread t : callers) {
                t.join();
            }
            assertThat(ok.get()).isEqualTo(160);
            assertThat(b.connections.get()).isEqualTo(1);
        }
    }
}
