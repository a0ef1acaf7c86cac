package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.Reasons;
import java.net.URI;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/**
 * The backend, called with Spring's {@link RestClient} on Apache HttpClient 5's connection pool, blocking the
 * request's thread. The pool opens at most {@code LOADLAB_HTTP_CLIENT_CONNECTIONS} connections; further calls wait
 * for one. A call waits at most 10 s (the reference servers' timeout); a failure is a {@link Failed} with the
 * contract's one-line reason.
 */
@Component
class BackendClient implements AutoCloseable {
    private static final Timeout TIMEOUT = Timeout.ofSeconds(10);

    private final URI base;
    private final int maxConnections;
    private final CloseableHttpClient http;
    private final RestClient client;

    /** A failed call: the message is the 502's reason. */
    static final class Failed extends RuntimeException {
        Failed(String reason) {
            super(reason, null, false, false);
        }
    }

    BackendClient(AppEnv env, RestClient.Builder builder) {
        base = env.backendUrl();
        maxConnections = env.httpClientConnections();
        PoolingHttpClientConnectionManager pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(maxConnections)
                .setMaxConnPerRoute(maxConnections)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.ofSeconds(2))
                        .setSocketTimeout(TIMEOUT)
                        .build())
                .build();
        http = HttpClients.custom()
                .setConnectionManager(pool)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(TIMEOUT)
                        .setResponseTimeout(TIMEOUT)
                        .build())
                .disableAutomaticRetries()
                .disableContentCompression()
                .build();
        client = base == null
                ? null
                : builder.baseUrl(base.toString())
                        .requestFactory(new HttpComponentsClientHttpRequestFactory(http))
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
            return client.get().uri(path).exchange((request, response) -> {
                int status = response.getStatusCode().value();
                byte[] body = response.getBody().readAllBytes();
                if (status != 200) {
                    throw new Failed(Reasons.backendStatus(status));
                }
                return body;
            });
        } catch (Failed e) {
            throw e;
        } catch (RuntimeException e) {
            throw new Failed(Reasons.backend(e));
        }
    }

    @Override
    public void close() throws Exception {
        http.close();
    }
}
