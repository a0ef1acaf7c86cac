package io.loadlab.frameworks.tomcat;

import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.BlockingBackend;
import io.loadlab.frameworks.common.Reasons;
import java.io.IOException;
import java.net.URI;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

/**
 * The backend, called with Apache HttpClient 5's classic (blocking) client, as the C10K study's Tomcat rows did: the
 * request's Tomcat thread blocks until the answer. Its {@link PoolingHttpClientConnectionManager} keeps the
 * connections alive and opens at most {@code LOADLAB_HTTP_CLIENT_CONNECTIONS} (in all and to the backend, its one
 * route); further calls wait for one, at most the 10 s a call may take, as the reference servers. A failure is a
 * {@link BackendFailure} with the contract's one-line reason.
 */
final class BackendClient extends BlockingBackend implements AutoCloseable {
    /** The client as the settings name it. */
    static final String CLIENT = "Apache HttpClient 5 (classic, pooled), blocking";

    private static final Timeout TIMEOUT = Timeout.ofSeconds(10);

    /** The pool's queue of calls waiting for a connection, as the settings say: unbounded, each waits its 10 s. */
    static final String QUEUE = "unlimited, each waiting at most " + TIMEOUT.toSeconds() + " s";

    private final PoolingHttpClientConnectionManager pool;
    private final CloseableHttpClient http;

    BackendClient(URI base, int maxConnections) {
        super(base, maxConnections);
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
    }

    /** The pool's bound as it holds it: the backend is one route, so the smaller of its total and per-route limits. */
    @Override
    public int maxConnections() {
        return Math.min(pool.getMaxTotal(), pool.getDefaultMaxPerRoute());
    }

    @Override
    protected byte[] get(String path) {
        try {
            return http.execute(new HttpGet(URI.create(base() + path)), response -> {
                HttpEntity entity = response.getEntity();
                return BackendFailure.okBody(
                        response.getCode(), entity == null ? new byte[0] : EntityUtils.toByteArray(entity));
            });
        } catch (IOException | RuntimeException e) {
            throw e instanceof BackendFailure f ? f : new BackendFailure(Reasons.backend(e));
        }
    }

    @Override
    public void close() {
        http.close(CloseMode.GRACEFUL);
    }
}
