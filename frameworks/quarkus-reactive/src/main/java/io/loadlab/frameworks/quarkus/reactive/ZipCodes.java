package io.loadlab.frameworks.quarkus.reactive;

import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.common.ZipCode;
import io.loadlab.frameworks.common.ZipCodeSql;
import io.loadlab.frameworks.quarkus.Answers;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * {@code POST /zipcodes} (the study's query-or-insert, {@link ZipCodeStore}) and {@code GET /zipcodes/{zip}}, or 503
 * when no database is configured. A POST that loses the race to insert the same new zip fails at commit; it then
 * reads the winner's row, as the study's {@code recoverWithUni}. The body is read whole (at most 1 MiB) and parsed
 * with Vert.x's JSON, so that each bad body gets the contract's reason.
 */
@Path("/zipcodes")
@NonBlocking
public class ZipCodes {
    @Inject
    ZipCodeStore store;

    @Inject
    Instance<Pool> pool;

    /** Creates the table, when a database is configured. */
    void createTable(@Observes StartupEvent start) {
        if (configured()) {
            pool.get().query(ZipCodeSql.CREATE_TABLE).execute().await().atMost(Duration.ofSeconds(30));
        }
    }

    boolean configured() {
        return pool.isResolvable() && ReactiveSettings.databaseConfigured();
    }

    @POST
    public Uni<Response> upsert(byte[] body) {
        ZipCode row;
        try {
            Object json = Json.decodeValue(new String(body, StandardCharsets.UTF_8));
            row = ZipCode.of(json instanceof JsonObject o ? o.getMap() : json);
        } catch (DecodeException e) {
            return Uni.createFrom().item(Answers.error(400, ContractText.NOT_JSON));
        } catch (ZipCode.BadRequest e) {
            return Uni.createFrom().item(Answers.error(400, e.getMessage()));
        }
        if (!configured()) {
            return Uni.createFrom().item(Answers.error(503, ContractText.NO_DATABASE));
        }
        return store.queryOrInsert(row)
                .onFailure(ZipCodes::lostRace).recoverWithUni(() -> store.find(row.zip())
                        .onItem().ifNull().failWith(() -> new IllegalStateException("the row that won is gone"))
                        .map(found -> new ZipCodeStore.Upsert(found, false)))
                .map(u -> Answers.json(u.created() ? 201 : 200, u.row().toJson()))
                .onFailure().recoverWithItem(ZipCodes::failed);
    }

    @GET
    @Path("{zip}")
    public Uni<Response> find(@PathParam("zip") String zip) {
        if (!ContractText.isValidZip(zip)) {
            return Uni.createFrom().item(Answers.error(400, ContractText.BAD_ZIP));
        }
        if (!configured()) {
            return Uni.createFrom().item(Answers.error(503, ContractText.NO_DATABASE));
        }
        return store.find(zip)
                .map(row -> row == null
                        ? Answers.error(404, ContractText.NO_SUCH_ZIP)
                        : Answers.json(200, row.toJson()))
                .onFailure().recoverWithItem(ZipCodes::failed);
    }

    /** A null item when the database answers (or none is configured), else the reason. */
    Uni<String> healthProblem() {
        if (!configured()) {
            return Uni.createFrom().nullItem();
        }
        return pool.get().query("SELECT 1").execute()
                .replaceWith((String) null)
                .onFailure().recoverWithItem(ContractText.DATABASE_DOWN);
    }

    /** A duplicate key at commit: another request inserted the same zip first. */
    private static boolean lostRace(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof PersistenceException || String.valueOf(c.getMessage()).contains("23505")) {
                return true;
            }
        }
        return false;
    }

    private static Response failed(Throwable t) {
        return Answers.error(503, Reasons.database(t));
    }
}
