package io.loadlab.frameworks.quarkus.virtual;

import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.quarkus.Answers;
import io.loadlab.frameworks.quarkus.QuarkusSettings;
import io.loadlab.frameworks.quarkus.VertxContract;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

/**
 * The contract's routes other than the zip codes, each request on a virtual thread of its own: {@code /delay}
 * sleeps, {@code /backend} blocks on the REST client.
 */
@Path("/")
@RunOnVirtualThread
public class ContractResource {
    @Inject
    Backend backend;

    @Inject
    ZipCodes zipCodes;

    @Inject
    VirtualSettings settings;

    @GET
    @Path("plaintext")
    public Response plaintext() {
        return Answers.text(ContractText.PLAINTEXT);
    }

    @GET
    @Path("json")
    public Response json() {
        return Answers.json(200, ContractText.JSON);
    }

    @GET
    @Path("delay")
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
    public Response health() {
        String problem = backend.healthProblem(zipCodes.healthProblem());
        return problem == null
                ? Answers.json(200, ContractText.HEALTH_UP)
                : Answers.json(503, ContractText.healthDown(problem));
    }

    @GET
    @Path("settings")
    public Response settings() {
        return Answers.json(200, QuarkusSettings.json(settings.settings(VertxContract.port())));
    }
}
