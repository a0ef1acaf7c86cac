package io.loadlab.frameworks.quarkus.virtual;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.BlockingBackend;
import io.loadlab.frameworks.quarkus.BackendClients;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;

/**
 * The backend through the REST client's blocking interface, built from {@code LOADLAB_BACKEND_URL} by {@link
 * BackendClients}; each call blocks its (virtual) thread. A failed call is a {@link BackendFailure}.
 */
@Singleton
public class BackendClient extends BlockingBackend {
    private final BackendApi api;

    public BackendClient() {
        this(AppEnv.fromSystem());
    }

    private BackendClient(AppEnv env) {
        super(env.backendUrl(), env.httpClientConnections());
        api = BackendClients.build(base(), maxConnections(), BackendApi.class);
    }

    @Override
    protected byte[] get(String path) {
        try (Response r = "/health".equals(path) ? api.health() : api.hello()) {
            return BackendFailure.okBody(r.getStatus(), r.readEntity(byte[].class));
        } catch (RuntimeException e) {
            throw BackendFailure.of(e);
        }
    }
}
