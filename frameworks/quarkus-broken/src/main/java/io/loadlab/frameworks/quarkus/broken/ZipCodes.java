package io.loadlab.frameworks.quarkus.broken;

import io.loadlab.frameworks.quarkus.Answers;
import io.loadlab.frameworks.quarkus.reactivecommon.ZipCodeEntity;
import io.loadlab.frameworks.quarkus.reactivecommon.ZipCodeReads;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /zipcodes} as the study's first application wrote it, and {@code GET /zipcodes/{zip}} as {@code
 * quarkus-reactive} reads it ({@link ZipCodeReads}).
 */
@Path("/zipcodes")
public class ZipCodes extends ZipCodeReads {
    /**
     * The study's first POST as it shipped: JTA's {@code @Transactional} on a method that returns a {@code Uni} of
     * Hibernate Reactive work, in place of {@code @WithTransaction}. Hibernate Reactive takes no part in a JTA
     * transaction; see docs/findings.md for what Quarkus 3.33 does with it.
     */
    @POST
    @Transactional
    public Uni<Response> upsert(byte[] body) {
        return post(body, row -> ZipCodeEntity.<ZipCodeEntity>findById(row.zip())
                .onItem().ifNotNull().transform(found -> Answers.json(200, found.row().toJson()))
                .onItem().ifNull().switchTo(() -> ZipCodeEntity.of(row).persist()
                        .replaceWith(Answers.json(201, row.toJson())))
                .onFailure(PersistenceException.class).recoverWithUni(() -> store.find(row.zip())
                        .map(found -> Answers.json(200, String.valueOf(found == null ? null : found.toJson())))));
    }
}
