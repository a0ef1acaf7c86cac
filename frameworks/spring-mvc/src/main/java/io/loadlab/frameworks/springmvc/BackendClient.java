package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.BlockingBackend;
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
 * for one. A call waits at most 10 s (the reference servers' timeout); a failure is a {@link BackendFailure} with the
 * contract's one-line reason.
 */
@Component
class BackendClient extends BlockingBackend implements AutoCloseable {
    /** The client as the settings name it. */
    static final String CLIENT = "RestClient on Apache HttpClient 5 (classic, pooled), blocking";

    private static final Timeout TIMEOUT = Timeout.ofSeconds(10);

    /** The pool's queue of calls waiting for a connection, as the settings say: unbounded, each waits its 10 s. */
    static final String QUEUE = "unlimited, each waiting at most " + TIMEOUT.toSeconds() + " s";

    private final PoolingHttpClientConnectionManager pool;
    private final CloseableHttpClient http;
    private final RestClient client;

    BackendClient(AppEnv env, RestClient.Builder builder) {
        super(env.backendUrl(), env.httpClientConnections());
        URI base = env.backendUrl();
        int maxConnections = super.maxConnections();
        pool = PoolingHttpClientConnectionManagerBuilder.create()
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

    /** The pool's bound as it holds it: the backend is one route, so the smaller of its total and per-route limits. */
    @Override
    public int maxConnections() {
        return Math.min(pool.getMaxTotal(), pool.getDefaultMaxPerRoute());
    }

    @Override
    protected byte[] get(String path) {
        try {
            return client.get().uri(path).exchange((request, response) -> {
                int status = response.getStatusCode().value();
                return BackendFailure.okBody(status, response.getBody().readAllBytes());
            });
        } catch (RuntimeException e) {
            throw BackendFailure.of(e);
        }
    }

    @Override
    public void close() throws Exception {
        http.close();
    }
}
