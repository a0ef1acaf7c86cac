package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.quarkus.Answers;
import io.loadlab.frameworks.quarkus.Message;
import io.loadlab.frameworks.quarkus.QuarkusApp;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The contract's routes other than the zip codes, all on the event loop: {@code /json} serialized by Quarkus REST's
 * Jackson support, {@code /delay} answered from a Vert.x timer, {@code /backend} when the REST client's call
 * completes; nothing blocks.
 */
@Path("/")
@NonBlocking
public class ContractResource {
    @Inject
    Vertx vertx;

    @Inject
    BackendClient backend;

    @Inject
    ReactiveDatabase database;

    @Inject
    QuarkusApp app;

    @GET
    @Path("plaintext")
    public Response plaintext() {
        return Answers.text(ContractText.PLAINTEXT);
    }

    @GET
    @Path("json")
    @Produces(MediaType.APPLICATION_JSON)
    public Message json() {
        return Message.hello();
    }

    @GET
    @Path("delay")
    public Uni<Response> delay(@QueryParam("ms") String ms) {
        int millis = ContractText.delayMillis(ms);
        if (millis < 0) {
            return Uni.createFrom().item(Answers.error(400, ContractText.BAD_DELAY));
        }
        Response ok = Answers.text(ContractText.DELAYED);
        if (millis == 0) {
            return Uni.createFrom().item(ok);
        }
        return Uni.createFrom().emitter(e -> vertx.setTimer(millis, id -> e.complete(ok)));
    }

    @GET
    @Path("backend")
    public Uni<Response> backend() {
        if (!backend.configured()) {
            return Uni.createFrom().item(Answers.error(502, ContractText.NO_BACKEND));
        }
        return backend.hello()
                .map(Answers::text)
                .onFailure().recoverWithItem(t -> Answers.error(502, t.getMessage()));
    }

    @GET
    @Path("health")
    public Uni<Response> health() {
        Uni<String> db = database.healthProblem();
        return db.chain(problem -> problem == null && backend.configured()
                        ? backend.healthProblem()
                        : Uni.createFrom().item(problem))
                .map(problem -> problem == null
                        ? Answers.json(200, ContractText.HEALTH_UP)
                        : Answers.json(503, ContractText.healthDown(problem)));
    }

    @GET
    @Path("settings")
    public Response settings() {
        return Answers.json(200, FrameworkSettings.json(app.settings()));
    }
}
