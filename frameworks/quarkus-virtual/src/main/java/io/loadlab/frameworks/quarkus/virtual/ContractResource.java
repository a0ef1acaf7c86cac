package io.loadlab.frameworks.quarkus.virtual;

import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.quarkus.Answers;
import io.loadlab.frameworks.quarkus.Message;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The contract's routes other than the zip codes. Those that wait run each request on a virtual thread of its own
 * ({@code @RunOnVirtualThread}): {@code /delay} sleeps, {@code /backend} blocks on the REST client, {@code /health}
 * on the database and the backend. Those that never wait stay on the event loop ({@code @NonBlocking}), as Quarkus'
 * virtual-thread guide has it: a virtual thread only pays off for a route that blocks.
 */
@Path("/")
public class ContractResource {
    @Inject
    BackendClient backend;

    @Inject
    ZipCodes zipCodes;

    @Inject
    AppSettings settings;

    @GET
    @Path("plaintext")
    @NonBlocking
    public Response plaintext() {
        return Answers.text(ContractText.PLAINTEXT);
    }

    @GET
    @Path("json")
    @Produces(MediaType.APPLICATION_JSON)
    @NonBlocking
    public Message json() {
        return Message.hello();
    }

    @GET
    @Path("delay")
    @RunOnVirtualThread
    public Response delay(@QueryParam("ms") String ms) throws InterruptedException {
        int millis = ContractText.delayMillis(ms);
        if (millis < 0) {
            return Answers.error(400, ContractText.BAD_DELAY);
        }
        Thread.sleep(millis);
        return Answers.text(ContractText.DELAYED);
    }

    @GET
    @Path("backend")
    @RunOnVirtualThread
    public Response backend() {
        if (!backend.configured()) {
            return Answers.error(502, ContractText.NO_BACKEND);
        }
        try {
            return Answers.text(backend.hello());
        } catch (BackendFailure e) {
            return Answers.error(502, e.getMessage());
        }
    }

    @GET
    @Path("health")
    @RunOnVirtualThread
    public Response health() {
        String problem = backend.healthProblem(zipCodes.healthProblem());
        return problem == null
                ? Answers.json(200, ContractText.HEALTH_UP)
                : Answers.json(503, ContractText.healthDown(problem));
    }

    @GET
    @Path("settings")
    @NonBlocking
    public Response settings() {
        return Answers.json(200, FrameworkSettings.json(settings.settings()));
    }
}
