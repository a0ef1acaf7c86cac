package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.common.ZipCode;
import io.loadlab.frameworks.quarkus.Answers;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * {@code /zipcodes} less its POST: {@code GET /zipcodes/{zip}} through {@link ZipCodeStore}, or 503 when no database
 * is configured, and the checks before a POST's own work. Each application's {@code ZipCodes} resource adds its own
 * POST, the one thing in which the study's two applications differ.
 */
public abstract class ZipCodeReads {
    @Inject
    protected ZipCodeStore store;

    @Inject
    protected ReactiveDatabase database;

    @GET
    @Path("{zip}")
    @NonBlocking
    public Uni<Response> find(@PathParam("zip") String zip) {
        if (!ContractText.isValidZip(zip)) {
            return Uni.createFrom().item(Answers.error(400, ContractText.BAD_ZIP));
        }
        if (!database.configured()) {
            return Uni.createFrom().item(Answers.error(503, ContractText.NO_DATABASE));
        }
        return store.find(zip)
                .map(row -> row == null
                        ? Answers.error(404, ContractText.NO_SUCH_ZIP)
                        : Answers.json(200, row.toJson()))
                .onFailure().recoverWithItem(ZipCodeReads::failed);
    }

    /**
     * A POST: its body (read whole, at most 1 MiB) parsed with Vert.x's JSON so that each bad body gets the contract's
     * 400, a 503 without a database, else {@code upsert}'s answer for the row, a failure of which answers 503.
     */
    protected Uni<Response> post(byte[] body, Function<ZipCode, Uni<Response>> upsert) {
        ZipCode row;
        try {
            Object json = Json.decodeValue(new String(body, StandardCharsets.UTF_8));
            row = ZipCode.of(json instanceof JsonObject o ? o.getMap() : json);
        } catch (DecodeException e) {
            return Uni.createFrom().item(Answers.error(400, ContractText.NOT_JSON));
        } catch (ZipCode.BadRequest e) {
            return Uni.createFrom().item(Answers.error(400, e.getMessage()));
        }
        if (!database.configured()) {
            return Uni.createFrom().item(Answers.error(503, ContractText.NO_DATABASE));
        }
        return upsert.apply(row).onFailure().recoverWithItem(ZipCodeReads::failed);
    }

    private static Response failed(Throwable t) {
        return Answers.error(503, Reasons.database(t));
    }
}
