package io.loadlab.frameworks.helidon;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.Reasons;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Semaphore;

/**
 * The backend, called with Helidon's blocking {@link WebClient} from the request's virtual thread. Helidon's client
 * has no bound on open connections, only on the idle ones it keeps; a semaphore of {@code
 * LOADLAB_HTTP_CLIENT_CONNECTIONS} permits bounds the calls in flight as the reference servers bound their
 * connections (a virtual thread waits for a permit cheaply). A call waits at most 10 s; a failure is a {@link Failed}
 * with the contract's one-line reason.
 */
final class BackendClient {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI base;
    private final int maxConnections;
    private final Semaphore permits;
    private final WebClient client;

    /** A failed call: the message is the 502's reason. */
    static final class Failed extends RuntimeException {
        Failed(String reason) {
            super(reason, null, false, false);
        }
    }

    BackendClient(AppEnv env) {
        base = env.backendUrl();
        maxConnections = env.httpClientConnections();
        permits = new Semaphore(maxConnections);
        client = base == null
                ? null
                : WebClient.builder()
                        .baseUri(base)
                        .connectTimeout(Duration.ofSeconds(2))
                        .readTimeout(TIMEOUT)
                        .connectionCacheSize(Math.min(maxConnections, 10_000))
                        .followRedirects(false)
                        .build();
    }

    boolean configured() {
        return client != null;
    }

    URI base() {
        return base;
    }

    int maxConnections() {
        return maxConnections;
    }

    /** {@code GET /hello}'s body; blocks until the backend answers. */
    byte[] hello() {
        return get("/hello");
    }

    /** Null when {@code GET /health} answers 200, else the reason. */
    String healthProblem() {
        try {
            get("/health");
            return null;
        } catch (Failed e) {
            return e.getMessage();
        }
    }

    private byte[] get(String path) {
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failed("backend: interrupted");
        }
        try (HttpClientResponse response = client.get(path).request()) {
            int status = response.status().code();
            byte[] body = response.as(byte[].class);
            if (status != 200) {
                throw new Failed(Reasons.backendStatus(status));
            }
            return body;
        } catch (Failed e) {
            throw e;
        } catch (RuntimeException e) {
            throw new Failed(Reasons.backend(e));
        } finally {
            permits.release();
        }
    }
}
