package io.loadlab.frameworks.quarkus.reactive;

import io.loadlab.frameworks.common.ZipCode;
import io.loadlab.frameworks.quarkus.Answers;
import io.loadlab.frameworks.quarkus.reactivecommon.ZipCodeReads;
import io.loadlab.frameworks.quarkus.reactivecommon.ZipCodeStore;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.PersistenceException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /zipcodes}, the study's query-or-insert with the reference servers' statements, and {@code GET
 * /zipcodes/{zip}} ({@link ZipCodeReads}). The POST reads the zip code outside any transaction and, when it is absent,
 * inserts it in a transaction of its own ({@link ZipCodeStore}); a POST that loses the race to insert the same new zip
 * fails at commit and then reads the winner's row, as the study's {@code recoverWithUni}.
 */
@Path("/zipcodes")
@NonBlocking
public class ZipCodes extends ZipCodeReads {
    @POST
    public Uni<Response> upsert(byte[] body) {
        return post(body, row -> store.find(row.zip())
                .onItem().ifNotNull().transform(found -> Answers.json(200, found.toJson()))
                .onItem().ifNull().switchTo(() -> insert(row)));
    }

    private Uni<Response> insert(ZipCode row) {
        return store.insert(row)
                .map(stored -> Answers.json(201, stored.toJson()))
                .onFailure(ZipCodes::lostRace).recoverWithUni(() -> store.find(row.zip())
                        .onItem().ifNull().failWith(() -> new IllegalStateException("the row that won is gone"))
                        .map(found -> Answers.json(200, found.toJson())));
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
}
