package io.loadlab.frameworks.quarkus.reactive;

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
 * {@code POST /zipcodes}, the study's query-or-insert ({@link ZipCodeStore#queryOrInsert}), and {@code GET
 * /zipcodes/{zip}} ({@link ZipCodeReads}). A POST that loses the race to insert the same new zip fails at commit;
 * it then reads the winner's row, as the study's {@code recoverWithUni}.
 */
@Path("/zipcodes")
@NonBlocking
public class ZipCodes extends ZipCodeReads {
    @POST
    public Uni<Response> upsert(byte[] body) {
        return post(body, row -> store.queryOrInsert(row)
                .onFailure(ZipCodes::lostRace).recoverWithUni(() -> store.find(row.zip())
                        .onItem().ifNull().failWith(() -> new IllegalStateException("the row that won is gone"))
                        .map(found -> new ZipCodeStore.Upsert(found, false)))
                .map(u -> Answers.json(u.created() ? 201 : 200, u.row().toJson())));
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
