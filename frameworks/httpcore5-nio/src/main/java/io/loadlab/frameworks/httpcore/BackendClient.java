package io.loadlab.frameworks.httpcore;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.Reasons;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.Timeout;

/**
 * The backend, called with the async HttpClient 5 as the C10K study's reactive version called it: the request is
 * sent and the I/O thread goes on; the answer comes in the client's callback, on the client's own I/O reactor
 * (its default: a thread per CPU, {@link #ioThreads}). At most {@code LOADLAB_HTTP_CLIENT_CONNECTIONS} connections;
 * further calls wait in the pool's queue, holding no thread. A call waits at most 10 s.
 */
final class BackendClient implements AutoCloseable {
    private static final Timeout TIMEOUT = Timeout.ofSeconds(10);
    /** 2 s to connect, 10 s of silence on an open connection. */
    private static final ConnectionConfig CONNECTION = ConnectionConfig.custom()
            .setConnectTimeout(Timeout.ofSeconds(2))
            .setSocketTimeout(TIMEOUT)
            .build();

    private final URI base;
    private final int maxConnections;
    private final CloseableHttpAsyncClient client;

    BackendClient(AppEnv env) {
        base = env.backendUrl();
        if (base == null) {
            maxConnections = env.httpClientConnections();
            client = null;
            return;
        }
        PoolingAsyncClientConnectionManager pool = PoolingAsyncClientConnectionManagerBuilder.create()
                .setMaxConnTotal(env.httpClientConnections())
                .setMaxConnPerRoute(env.httpClientConnections())
                .setDefaultConnectionConfig(CONNECTION)
                .build();
        maxConnections = Math.min(pool.getMaxTotal(), pool.getDefaultMaxPerRoute());
        client = HttpAsyncClients.custom()
                .setConnectionManager(pool)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(TIMEOUT)
                        .setResponseTimeout(TIMEOUT)
                        .build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .build();
        client.start();
    }

    boolean configured() {
        return client != null;
    }

    URI base() {
        return base;
    }

    /** The most connections the pool opens to the backend, as its manager holds it (the environment's without one). */
    int maxConnections() {
        return maxConnections;
    }

    /** The client's I/O reactor threads: HttpClient's default, as it is built without a reactor configuration. */
    static int ioThreads() {
        return IOReactorConfig.DEFAULT.getIoThreadCount();
    }

    /** {@code GET path}'s body when it answers 200, else a {@link BackendFailure} with the 502's reason. */
    CompletableFuture<byte[]> get(String path) {
        CompletableFuture<byte[]> result = new CompletableFuture<>();
        client.execute(SimpleRequestBuilder.get(base.resolve(path)).build(), new FutureCallback<>() {
            @Override
            public void completed(SimpleHttpResponse response) {
                if (response.getCode() == 200) {
                    byte[] body = response.getBodyBytes();
                    result.complete(body == null ? new byte[0] : body);
                } else {
                    result.completeExceptionally(new BackendFailure(Reasons.backendStatus(response.getCode())));
                }
            }

            @Override
            public void failed(Exception e) {
                result.completeExceptionally(new BackendFailure(Reasons.backend(e)));
            }

            @Override
            public void cancelled() {
                result.completeExceptionally(new BackendFailure("backend: cancelled"));
            }
        });
        return result;
    }

    @Override
    public void close() {
        if (client != null) {
            client.close(CloseMode.GRACEFUL);
        }
    }
}
