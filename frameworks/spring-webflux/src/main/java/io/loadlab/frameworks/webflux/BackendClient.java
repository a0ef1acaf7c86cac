package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.Reasons;
import io.netty.channel.ChannelOption;
import java.net.URI;
import java.time.Duration;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * {@code /backend} through {@link WebClient} on Reactor Netty: a keep-alive pool of at most {@code
 * LOADLAB_HTTP_CLIENT_CONNECTIONS} connections, calls beyond it wait for one (no bound on the waiters, as the
 * reference servers, each waiting at most 10 s). The client runs on the server's event loops. Checks the backend once
 * at start.
 */
@Component
class BackendClient {
    /** The client as the settings name it. */
    static final String CLIENT = "WebClient on Reactor Netty, keep-alive pool";

    /** Bound on a backend call, the reference servers' (and the load generator's) timeout. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** The pool's queue of calls waiting for a connection ({@code pendingAcquireMaxCount(-1)}), as the settings say. */
    static final String QUEUE = "unlimited, each waiting at most " + TIMEOUT.toSeconds() + " s";

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

    private final ConnectionProvider pool;
    private final WebClient client;
    private final URI hello;
    private final URI health;
    private final int maxConnections;

    BackendClient(AppEnv env) {
        URI base = env.backendUrl();
        maxConnections = env.httpClientConnections();
        if (base == null) {
            pool = null;
            client = null;
            hello = null;
            health = null;
            return;
        }
        pool = ConnectionProvider.builder("backend")
                .maxConnections(maxConnections)
                .pendingAcquireMaxCount(-1)
                .pendingAcquireTimeout(TIMEOUT)
                .build();
        HttpClient http = HttpClient.create(pool)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 2_000)
                .responseTimeout(TIMEOUT);
        client = WebClient.builder()
                .clientConnector(new ReactorClientHttpConnector(http))
                .build();
        hello = URI.create(base + "/hello");
        health = URI.create(base + "/health");
        String problem = healthProblem().block(PROBE_TIMEOUT.plusSeconds(1));
        if (problem != null) {
            throw new IllegalStateException("cannot reach the backend at " + base + ": " + problem
                    + "; start it (loadlab backend) or fix LOADLAB_BACKEND_URL");
        }
    }

    /** 200 with the backend's body; 502 with a one-line reason when it fails or answers another status. */
    Mono<ResponseEntity<byte[]>> hello() {
        if (client == null) {
            return Mono.just(Answers.error(502, ContractText.NO_BACKEND));
        }
        return client.get()
                .uri(hello)
                .exchangeToMono(r -> r.bodyToMono(byte[].class)
                        .defaultIfEmpty(new byte[0])
                        .map(body -> r.statusCode().value() == 200
                                ? Answers.text(body)
                                : Answers.error(502, Reasons.backendStatus(r.statusCode().value()))))
                .onErrorResume(e -> Mono.just(Answers.error(502, Reasons.backend(e))));
    }

    /** Empty when the backend answers {@code /health} with 200 (or none is configured), else the reason. */
    Mono<String> healthProblem() {
        if (client == null) {
            return Mono.empty();
        }
        return client.get()
                .uri(health)
                .exchangeToMono(r -> r.releaseBody()
                        .then(Mono.justOrEmpty(
                                r.statusCode().value() == 200 ? null : Reasons.backendStatus(r.statusCode().value()))))
                .timeout(PROBE_TIMEOUT)
                .onErrorResume(e -> Mono.just(Reasons.backend(e)));
    }

    /** The most connections open to the backend at once, as the pool holds it once there is a backend. */
    int maxConnections() {
        return pool == null ? maxConnections : pool.maxConnections();
    }
}
