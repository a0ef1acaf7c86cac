package io.loadlab.frameworks.quarkus.broken;

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
import jakarta.transaction.Transactional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * {@code POST /zipcodes} as the study's first application wrote it, and {@code GET /zipcodes/{zip}} as {@code
 * quarkus-reactive} reads it ({@link ZipCodeStore}), or 503 when no database is configured.
 */
@Path("/zipcodes")
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
        return pool.isResolvable() && BrokenSettings.databaseConfigured();
    }

    /**
     * The study's first POST as it shipped: JTA's {@code @Transactional} on a method that returns a {@code Uni} of
     * Hibernate Reactive work, in place of {@code @WithTransaction}. Hibernate Reactive takes no part in a JTA
     * transaction; see docs/findings.md for what Quarkus 3.33 does with it.
     */
    @POST
    @Transactional
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
        return ZipCodeEntity.<ZipCodeEntity>findById(row.zip())
                .onItem().ifNotNull().transform(found -> Answers.json(200, found.row().toJson()))
                .onItem().ifNull().switchTo(() -> ZipCodeEntity.of(row).persist()
                        .replaceWith(Answers.json(201, row.toJson())))
                .onFailure(PersistenceException.class).recoverWithUni(() -> store.find(row.zip())
                        .map(found -> Answers.json(200, String.valueOf(found == null ? null : found.toJson()))))
                .onFailure().recoverWithItem(ZipCodes::failed);
    }

    @GET
    @Path("{zip}")
    @NonBlocking
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

    private static Response failed(Throwable t) {
        return Answers.error(503, Reasons.database(t));
    }
}
