package io.loadlab.frameworks.quarkus.broken;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.Reasons;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.resteasy.reactive.client.api.QuarkusRestClientProperties;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.concurrent.TimeUnit;

/**
 * The backend through the reactive REST client, built from {@code LOADLAB_BACKEND_URL}: at most {@code
 * LOADLAB_HTTP_CLIENT_CONNECTIONS} connections (further calls wait for one), 2 s to connect and 10 s to answer, as
 * the reference servers. A failed call is a {@link Failed} whose message is the 502's reason.
 */
@ApplicationScoped
public class Backend {
    private final URI base;
    private final int maxConnections;
    private final BackendApi api;

    /** A failed call: the message is the contract's reason. */
    public static final class Failed extends RuntimeException {
        Failed(String reason) {
            super(reason, null, false, false);
        }
    }

    public Backend() {
        AppEnv env = AppEnv.fromSystem();
        base = env.backendUrl();
        maxConnections = env.httpClientConnections();
        api = base == null
                ? null
                : QuarkusRestClientBuilder.newBuilder()
                        .baseUri(base)
                        .property(QuarkusRestClientProperties.CONNECTION_POOL_SIZE, maxConnections)
                        .disableDefaultMapper(true)
                        .connectTimeout(2, TimeUnit.SECONDS)
                        .readTimeout(10, TimeUnit.SECONDS)
                        .build(BackendApi.class);
    }

    public boolean configured() {
        return api != null;
    }

    public URI base() {
        return base;
    }

    public int maxConnections() {
        return maxConnections;
    }

    /** {@code GET /hello}'s body. */
    public Uni<byte[]> hello() {
        return body(api.hello());
    }

    /** A null item when {@code GET /health} answers 200, else the reason. */
    public Uni<String> healthProblem() {
        return body(api.health()).replaceWith((String) null).onFailure().recoverWithItem(Throwable::getMessage);
    }

    private static Uni<byte[]> body(Uni<Response> call) {
        return call.onFailure().transform(t -> new Failed(Reasons.backend(t))).map(r -> {
            if (r.getStatus() != 200) {
                throw new Failed(Reasons.backendStatus(r.getStatus()));
            }
            return r.readEntity(byte[].class);
        });
    }
}
