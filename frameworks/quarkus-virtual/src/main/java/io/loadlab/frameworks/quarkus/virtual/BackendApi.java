package io.loadlab.frameworks.quarkus.virtual;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/** The backend as a Quarkus REST client interface whose calls block the calling (virtual) thread. */
@Path("/")
public interface BackendApi {
    @GET
    @Path("hello")
    Response hello();

    @GET
    @Path("health")
    Response health();
}
