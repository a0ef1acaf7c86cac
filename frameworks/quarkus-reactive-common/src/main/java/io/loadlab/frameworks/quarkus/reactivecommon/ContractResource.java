package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.quarkus.Answers;
import io.loadlab.frameworks.quarkus.AppSettings;
import io.loadlab.frameworks.quarkus.QuarkusSettings;
import io.loadlab.frameworks.quarkus.VertxContract;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

/**
 * The contract's routes other than the zip codes, all on the event loop: {@code /delay} answers from a Vert.x timer,
 * {@code /backend} when the REST client's call completes; nothing blocks.
 */
@Path("/")
@NonBlocking
public class ContractResource {
    @Inject
    Vertx vertx;

    @Inject
    Backend backend;

    @Inject
    ReactiveDatabase database;

    @Inject
    AppSettings settings;

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
        return Answers.json(200, QuarkusSettings.json(settings.settings(VertxContract.port())));
    }
}
