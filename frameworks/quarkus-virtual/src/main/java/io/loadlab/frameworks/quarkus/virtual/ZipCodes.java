package io.loadlab.frameworks.quarkus.virtual;

import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.common.ZipCode;
import io.loadlab.frameworks.common.ZipCodeSql;
import io.loadlab.frameworks.quarkus.Answers;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import javax.sql.DataSource;
import org.hibernate.exception.ConstraintViolationException;

/**
 * {@code POST /zipcodes} (the study's query-or-insert with the reference servers' statements, {@link ZipCodeStore})
 * and {@code GET /zipcodes/{zip}}, each request on a virtual thread, or 503 when no database is configured. The POST
 * reads the zip code outside any transaction and inserts it, when absent, in a transaction of its own; a POST that
 * loses the race to insert the same new zip fails at commit and then reads the winner's row. The body is read whole
 * (at most 1 MiB) and parsed with Vert.x's JSON.
 */
@Path("/zipcodes")
public class ZipCodes {
    @Inject
    ZipCodeStore store;

    @Inject
    Instance<DataSource> dataSource;

    private volatile String serverVersion;

    /** Creates the table and reads the server's version, when a database is configured. */
    void createTable(@Observes StartupEvent start) throws SQLException {
        if (configured()) {
            try (Connection c = dataSource.get().getConnection();
                    Statement st = c.createStatement()) {
                st.execute(ZipCodeSql.CREATE_TABLE);
                serverVersion = c.getMetaData().getDatabaseProductVersion();
            }
        }
    }

    boolean configured() {
        return dataSource.isResolvable() && AppSettings.databaseConfigured();
    }

    /** PostgreSQL's version, or null without a database. */
    String serverVersion() {
        return serverVersion;
    }

    @POST
    @RunOnVirtualThread
    public Response upsert(byte[] body) {
        ZipCode row;
        try {
            Object json = Json.decodeValue(new String(body, StandardCharsets.UTF_8));
            row = ZipCode.of(json instanceof JsonObject o ? o.getMap() : json);
        } catch (DecodeException e) {
            return Answers.error(400, ContractText.NOT_JSON);
        } catch (ZipCode.BadRequest e) {
            return Answers.error(400, e.getMessage());
        }
        if (!configured()) {
            return Answers.error(503, ContractText.NO_DATABASE);
        }
        try {
            Optional<ZipCode> found = store.find(row.zip());
            if (found.isPresent()) {
                return Answers.json(200, found.get().toJson());
            }
            try {
                store.insert(row);
                return Answers.json(201, row.toJson());
            } catch (RuntimeException e) {
                if (!lostRace(e)) {
                    throw e;
                }
                return Answers.json(200, store.find(row.zip()).orElseThrow(() -> e).toJson());
            }
        } catch (RuntimeException e) {
            return Answers.error(503, Reasons.database(e));
        }
    }

    @GET
    @Path("{zip}")
    @RunOnVirtualThread
    public Response find(@PathParam("zip") String zip) {
        if (!ContractText.isValidZip(zip)) {
            return Answers.error(400, ContractText.BAD_ZIP);
        }
        if (!configured()) {
            return Answers.error(503, ContractText.NO_DATABASE);
        }
        try {
            Optional<ZipCode> row = store.find(zip);
            return row.map(r -> Answers.json(200, r.toJson()))
                    .orElseGet(() -> Answers.error(404, ContractText.NO_SUCH_ZIP));
        } catch (RuntimeException e) {
            return Answers.error(503, Reasons.database(e));
        }
    }

    /** Null when the database answers (or none is configured), else the reason. */
    String healthProblem() {
        if (!configured()) {
            return null;
        }
        try (Connection c = dataSource.get().getConnection();
                Statement st = c.createStatement()) {
            st.execute("SELECT 1");
            return null;
        } catch (SQLException | RuntimeException e) {
            return ContractText.DATABASE_DOWN;
        }
    }

    /** A duplicate key at commit: another request inserted the same zip first. */
    private static boolean lostRace(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof SQLException s && "23505".equals(s.getSQLState())
                    || c instanceof ConstraintViolationException) {
                return true;
            }
        }
        return false;
    }
}
