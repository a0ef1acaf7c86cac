package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.quarkus.BackendClients;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/**
 * The backend through the reactive REST client, built from {@code LOADLAB_BACKEND_URL} by {@link BackendClients}.
 * A failed call is a {@link BackendFailure} whose message is the 502's reason.
 */
@ApplicationScoped
public class BackendClient {
    private final URI base;
    private final int maxConnections;
    private final BackendApi api;

    public BackendClient() {
        AppEnv env = AppEnv.fromSystem();
        base = env.backendUrl();
        maxConnections = env.httpClientConnections();
        api = BackendClients.build(base, maxConnections, BackendApi.class);
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
        return call.onFailure().transform(t -> new BackendFailure(Reasons.backend(t)))
                .map(r -> BackendFailure.okBody(r.getStatus(), r.readEntity(byte[].class)));
    }
}
