package io.loadlab.frameworks.helidon;

import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webclient.api.WebClientConfig;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.BlockingBackend;
import io.loadlab.frameworks.common.Reasons;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The backend, called with Helidon's blocking {@link WebClient} from the request's virtual thread. Helidon's client
 * bounds only the idle connections it keeps per host ({@code connection-cache-size}, 256 by default), not the
 * connections it opens: a semaphore of {@code LOADLAB_HTTP_CLIENT_CONNECTIONS} permits bounds the calls in flight,
 * and with them the open connections (one opens only when no idle one is cached), as the reference servers bound
 * theirs; the cache keeps as many, so that none is closed only to be opened again. A virtual thread waits for a
 * permit cheaply, in order, for at most 10 s; the backend's answer is awaited 10 s at most. A failure is a {@link
 * BackendFailure} with the contract's one-line reason.
 */
final class BackendClient extends BlockingBackend {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Semaphore permits;
    private final WebClientConfig config;
    private final WebClient client;

    BackendClient(AppEnv env) {
        super(env.backendUrl(), env.httpClientConnections());
        permits = new Semaphore(maxConnections(), true);
        WebClientConfig.Builder b = WebClient.builder()
                .connectTimeout(Duration.ofSeconds(2))
                .readTimeout(TIMEOUT)
                .connectionCacheSize(maxConnections())
                .followRedirects(false);
        if (env.backendUrl() != null) {
            b.baseUri(env.backendUrl());
        }
        config = b.buildPrototype();
        client = env.backendUrl() == null ? null : WebClient.create(config);
    }

    /** The idle connections the client keeps per host, as its configuration holds it. */
    int connectionCache() {
        return config.connectionCacheSize();
    }

    @Override
    protected byte[] get(String path) {
        try {
            if (!permits.tryAcquire(TIMEOUT.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new BackendFailure(Reasons.backend(new TimeoutException()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendFailure("backend: interrupted");
        }
        try (HttpClientResponse response = client.get(path).request()) {
            int status = response.status().code();
            return BackendFailure.okBody(status, response.as(byte[].class));
        } catch (RuntimeException e) {
            throw BackendFailure.of(e);
        } finally {
            permits.release();
        }
    }
}
