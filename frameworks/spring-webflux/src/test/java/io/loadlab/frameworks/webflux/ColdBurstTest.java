package io.loadlab.frameworks.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.testkit.contract.ContractTests;
import io.loadlab.testkit.contract.FakeBackend;
import io.netty.util.concurrent.EventExecutor;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import reactor.netty.http.HttpResources;

/**
 * A fresh application hit by 1,000 connections at once on {@code /backend} (a 100 ms backend) answers every one of
 * them. The burst arrives while every event loop is busy, as a cold JIT on one CPU keeps them: the connections must
 * still leave the kernel's accept queue, or the application never sees them and none of its timeouts can answer them
 * (the cold burst that left half the connections of a trial unanswered).
 */
@Timeout(120)
class ColdBurstTest {
    private static final int CONNECTIONS = 1_000;
    private static final byte[] REQUEST =
            "GET /backend HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    @Test
    void aBurstIsAcceptedWhileTheEventLoopsAreBusyAndEveryConnectionIsAnswered() throws Exception {
        try (FakeBackend backend = new FakeBackend(100)) {
            ConfigurableApplicationContext ctx =
                    WebfluxApplication.start(new AppEnv(ContractTests.environment(backend, null, Map.of())));
            List<Socket> sockets = new ArrayList<>();
            CountDownLatch free = new CountDownLatch(1);
            try {
                int port = ((WebServerApplicationContext) ctx).getWebServer().getPort();
                for (EventExecutor loop : HttpResources.get().onServer(true)) {
                    loop.execute(() -> awaitQuietly(free));
                }
                for (int i = 0; i < CONNECTIONS; i++) {
                    Socket s = new Socket();
                    sockets.add(s);
                    s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                    s.setSoTimeout(30_000);
                    OutputStream out = s.getOutputStream();
                    out.write(REQUEST);
                    out.flush();
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                int waiting;
                while ((waiting = acceptQueue(port)) > 0 && System.nanoTime() - deadline < 0) {
                    Thread.sleep(20);
                }
                assertThat(waiting)
                        .as("connections still in the accept queue 5 s after the burst, the event loops busy")
                        .isZero();
                free.countDown();
                int answered = 0;
                for (Socket s : sockets) {
                    String status = new BufferedReader(
                                    new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII))
                            .readLine();
                    if ("HTTP/1.1 200 OK".equals(status)) {
                        answered++;
                    }
                }
                assertThat(answered).as("connections answered 200").isEqualTo(CONNECTIONS);
            } finally {
                free.countDown();
                for (Socket s : sockets) {
                    s.close();
                }
                ctx.close();
            }
        }
    }

    /** Holds an event loop as a saturated one is held: nothing else runs on it until {@code free} (at most 60 s). */
    private static void awaitQuietly(CountDownLatch free) {
        try {
            free.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Connections the kernel has completed but the application has not yet accepted on the socket listening on
     * {@code port}: the {@code rx_queue} of a LISTEN entry (state {@code 0A}) of /proc/net/tcp and tcp6.
     */
    private static int acceptQueue(int port) throws IOException {
        String local = String.format(":%04X", port);
        int queued = 0;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 4 && f[1].endsWith(local) && f[3].equals("0A")) {
                    queued += Integer.parseInt(f[4].substring(f[4].indexOf(':') + 1), 16);
                }
            }
        }
        return queued;
    }
}
