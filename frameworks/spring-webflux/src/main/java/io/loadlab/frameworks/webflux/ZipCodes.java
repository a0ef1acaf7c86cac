package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.DbTarget;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.common.ZipCode;
import io.loadlab.frameworks.common.ZipCodeSql;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.ValidationDepth;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /zipcodes} on R2DBC PostgreSQL through Spring's {@link DatabaseClient} over Boot's r2dbc-pool of {@code
 * LOADLAB_DB_POOL} connections. Each statement takes a pooled connection and gives it back; a call is bounded by the
 * reference servers' database timeout, past which it answers 503. Creates the table at start.
 */
@Component
class ZipCodes {
    /** Bound on a database call, the reference servers'. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(2);
    private static final String SELECT = numbered(ZipCodeSql.SELECT);
    private static final String INSERT = numbered(ZipCodeSql.INSERT);

    private final DatabaseClient db;
    private final ConnectionFactory factory;
    private final JsonMapper json;
    private final String serverVersion;

    ZipCodes(
            ObjectProvider<DatabaseClient> db,
            ObjectProvider<ConnectionFactory> factory,
            JsonMapper json,
            AppEnv env) {
        DbTarget target = env.db();
        this.db = target == null ? null : db.getObject();
        this.factory = target == null ? null : factory.getObject();
        this.json = json;
        String version = null;
        if (this.db != null) {
            try {
                version = this.db.sql(ZipCodeSql.CREATE_TABLE)
                        .then()
                        .then(this.db.sql("SHOW server_version")
                                .map(r -> r.get(0, String.class))
                                .one())
                        .block(TIMEOUT.plusSeconds(5));
            } catch (RuntimeException e) {
                throw new IllegalStateException("cannot reach PostgreSQL at " + target.address() + ": "
                        + Reasons.firstLine(e) + "; start it or fix LOADLAB_DB_URL");
            }
        }
        serverVersion = version;
    }

    /** Query-or-insert of the row in {@code body}: 200 with the stored row, 201 with the row inserted, or 400. */
    Mono<ResponseEntity<byte[]>> upsert(byte[] body) {
        ZipCode row;
        try {
            row = ZipCode.of(parse(body));
        } catch (ZipCode.BadRequest e) {
            return Mono.just(Answers.error(400, e.getMessage()));
        }
        if (db == null) {
            return Mono.just(Answers.error(503, ContractText.NO_DATABASE));
        }
        Mono<ResponseEntity<byte[]>> raced = Mono.defer(() -> select(row.zip())
                .map(found -> reply(200, found))
                .switchIfEmpty(Mono.error(
                        new IllegalStateException("zip " + row.zip() + " vanished between insert and select"))));
        Mono<ResponseEntity<byte[]>> inserted =
                Mono.defer(() -> insert(row).map(created -> reply(201, created)).switchIfEmpty(raced));
        return guarded(select(row.zip()).map(found -> reply(200, found)).switchIfEmpty(inserted));
    }

    /** 200 with the row, or 404. */
    Mono<ResponseEntity<byte[]>> find(String zip) {
        if (db == null) {
            return Mono.just(Answers.error(503, ContractText.NO_DATABASE));
        }
        return guarded(select(zip).map(found -> reply(200, found))
                .defaultIfEmpty(Answers.error(404, ContractText.NO_SUCH_ZIP)));
    }

    /**
     * Empty when the database answers on a fresh connection of its own (so a saturated pool does not read as a
     * database down) or none is configured; else the reason.
     */
    Mono<String> healthProblem() {
        if (factory == null) {
            return Mono.empty();
        }
        ConnectionFactory fresh = factory instanceof ConnectionPool p ? p.unwrap() : factory;
        return Mono.usingWhen(
                        Mono.from(fresh.create()),
                        c -> Mono.from(c.validate(ValidationDepth.REMOTE)),
                        c -> Mono.from(c.close()))
                .timeout(HEALTH_TIMEOUT)
                .onErrorReturn(false)
                .flatMap(ok -> ok ? Mono.<String>empty() : Mono.just(ContractText.DATABASE_DOWN));
    }

    /** The body as the JSON library reads it (a map for an object), or the contract's 400 reason. */
    private Object parse(byte[] body) throws ZipCode.BadRequest {
        if (new String(body, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
            return null; // no JSON value at all: not an object
        }
        try {
            return json.readValue(body, Object.class);
        } catch (RuntimeException e) {
            throw new ZipCode.BadRequest(ContractText.NOT_JSON);
        }
    }

    private Mono<ZipCode> select(String zip) {
        return db.sql(SELECT).bind(0, zip).map(ZipCodes::read).first();
    }

    private Mono<ZipCode> insert(ZipCode row) {
        return db.sql(INSERT)
                .bind(0, row.zip())
                .bind(1, row.type())
                .bind(2, row.city())
                .bind(3, row.state())
                .bind(4, row.county())
                .bind(5, row.timezone())
                .map(ZipCodes::read)
                .first();
    }

    private static Mono<ResponseEntity<byte[]>> guarded(Mono<ResponseEntity<byte[]>> call) {
        return call.timeout(TIMEOUT).onErrorResume(e -> Mono.just(Answers.error(503, Reasons.database(e))));
    }

    private static ResponseEntity<byte[]> reply(int status, ZipCode row) {
        return Answers.json(status, row.toJson());
    }

    private static ZipCode read(Readable r) {
        return new ZipCode(
                r.get(0, String.class),
                r.get(1, String.class),
                r.get(2, String.class),
                r.get(3, String.class),
                r.get(4, String.class),
                r.get(5, String.class));
    }

    /** A JDBC statement with PostgreSQL's own {@code $1, $2, ...} placeholders, which R2DBC binds by index. */
    static String numbered(String jdbc) {
        StringBuilder b = new StringBuilder(jdbc.length() + 8);
        int n = 0;
        for (char c : jdbc.toCharArray()) {
            if (c == '?') {
                b.append('$').append(++n);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The database server's version, or null without a database. */
    String serverVersion() {
        return serverVersion;
    }
}
