package io.loadlab.frameworks.quarkus.reactivecommon;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/** The backend as a Quarkus REST client interface, answered on the event loop. */
@Path("/")
public interface BackendApi {
    @GET
    @Path("hello")
    Uni<Response> hello();

    @GET
    @Path("health")
    Uni<Response> health();
}
