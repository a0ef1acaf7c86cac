package io.loadlab.frameworks.quarkus;

import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.jboss.resteasy.reactive.client.api.QuarkusRestClientProperties;

/**
 * Builds an application's REST client for the backend as the reference servers call it: at most {@code
 * maxConnections} connections (further calls wait for one), 2 s to connect and 10 s to answer, no exception mapping.
 */
public final class BackendClients {
    private BackendClients() {}

    /** A client of interface {@code api} for {@code base}, or null when no backend is set. */
    public static <T> T build(URI base, int maxConnections, Class<T> api) {
        return base == null
                ? null
                : QuarkusRestClientBuilder.newBuilder()
                        .baseUri(base)
                        .property(QuarkusRestClientProperties.CONNECTION_POOL_SIZE, maxConnections)
                        .disableDefaultMapper(true)
                        .connectTimeout(2, TimeUnit.SECONDS)
                        .readTimeout(10, TimeUnit.SECONDS)
                        .build(api);
    }
}
