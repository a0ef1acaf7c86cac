package io.loadlab.frameworks.helidon;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.BlockingBackend;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Semaphore;

/**
 * The backend, called with Helidon's blocking {@link WebClient} from the request's virtual thread. Helidon's client
 * has no bound on open connections, only on the idle ones it keeps; a semaphore of {@code
 * LOADLAB_HTTP_CLIENT_CONNECTIONS} permits bounds the calls in flight as the reference servers bound their
 * connections (a virtual thread waits for a permit cheaply). A call waits at most 10 s; a failure is a {@link BackendFailure}
 * with the contract's one-line reason.
 */
final class BackendClient extends BlockingBackend {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Semaphore permits;
    private final WebClient client;

    BackendClient(AppEnv env) {
        super(env.backendUrl(), env.httpClientConnections());
        URI base = env.backendUrl();
        permits = new Semaphore(maxConnections());
        client = base == null
                ? null
                : WebClient.builder()
                        .baseUri(base)
                        .connectTimeout(Duration.ofSeconds(2))
                        .readTimeout(TIMEOUT)
                        .connectionCacheSize(Math.min(maxConnections(), 10_000))
                        .followRedirects(false)
                        .build();
    }

    @Override
    protected byte[] get(String path) {
        try {
            permits.acquire();
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
