package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.testkit.HostileServer;
import io.loadlab.testkit.QuietHost;
import java.net.InetAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class OpenModelQueueingTest {
    @Test
    void requestsWaitingForAConnectionAreCountedAndChargedAndTimeOut() throws Exception {
        QuietHost.holds("a 50 ms server's throughput and service time are checked to 20 ms", () -> {
            // 2 connections, 50 ms each: capacity 40 requests/s against a target of 200/s
            try (TestHttpServer server = new TestHttpServer(t -> 50_000_000L)) {
                LoadReport r = LoadGenerator.run(
                        LoadSpec.builder(server.url("/"))
                                .threads(1)
                                .connections(2)
                                .maxConnections(2)
                                .rate(Rate.perSecond(200))
                                .timeout(Duration.ofMillis(600))
                                .duration(Duration.ofMillis(1500))
                                .build(),
                        ProgressListener.NONE);
                assertThat(r.connections().maxOpened()).isEqualTo(2);
                assertThat(r.connections().delayedRequests()).isGreaterThan(100);
                assertThat(r.throughput().rps()).isBetween(20.0, 45.0);
                assertThat(r.serviceTimeMs().p50()).isBetween(49.0, 70.0);
                assertThat(r.latencyMs().p50()).isGreaterThan(200.0);
                assertThat(r.errors().get(ErrorCategory.TIMEOUT))
                        .as("requests that waited longer than the timeout")
                        .isPositive();
            }
        });
    }

    @Test
    void connectionsAreSpreadOverSourceAddresses() throws Exception {
        Set<InetAddress> seen = ConcurrentHashMap.newKeySet();
        try (HostileServer s = new HostileServer((sock, out) -> {
            seen.add(sock.getInetAddress());
            HostileServer.write(out, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
        })) {
            List<InetAddress> sources = List.of(
                    InetAddress.getByName("127.0.0.2"),
                    InetAddress.getByName("127.0.0.3"),
                    InetAddress.getByName("127.0.0.4"));
            LoadReport r = LoadGenerator.run(
                    LoadSpec.builder(s.url())
                            .threads(1)
                            .connections(6)
                            .sourceAddresses(sources)
                            .duration(Duration.ofMillis(500))
                            .build(),
                    ProgressListener.NONE);
            assertThat(r.requests()).isPositive();
            assertThat(r.errors().total()).isZero();
            assertThat(seen).containsAll(sources);
        }
    }
}
