package io.loadlab.frameworks.rxnetty;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.common.ZipCode;
import io.netty.buffer.ByteBuf;
import io.reactivex.netty.protocol.http.server.HttpServerResponse;
import java.io.IOException;
import java.sql.SQLException;
import rx.Observable;
import rx.schedulers.Schedulers;

/**
 * {@code POST /zipcodes} and {@code GET /zipcodes/{zip}}: the input is checked on the event loop, and the blocking
 * JDBC call is an {@code Observable.fromCallable} subscribed on RxJava's I/O scheduler (an unbounded cached pool; the
 * database pool bounds the statements in flight), as RxJava 1 applications wrap blocking calls. 503 when no database
 * is configured or a statement fails.
 */
final class ZipCodes {
    private final JdbcZipCodeStore store;
    private final ObjectMapper json = new ObjectMapper();

    /** @param store the store, or null when no database is configured */
    ZipCodes(JdbcZipCodeStore store) {
        this.store = store;
    }

    Observable<Void> upsert(byte[] body, HttpServerResponse<ByteBuf> res) {
        ZipCode row;
        try {
            row = ZipCode.of(json.readValue(body, Object.class));
        } catch (JacksonException e) {
            return Answers.error(res, 400, ContractText.NOT_JSON);
        } catch (ZipCode.BadRequest e) {
            return Answers.error(res, 400, e.getMessage());
        } catch (IOException e) {
            return Answers.error(res, 400, ContractText.MALFORMED_REQUEST);
        }
        if (store == null) {
            return Answers.error(res, 503, ContractText.NO_DATABASE);
        }
        return blocking(() -> store.upsert(row))
                .flatMap(u -> Answers.json(res, u.created() ? 201 : 200, u.row().toJson()))
                .onErrorResumeNext(e -> Answers.error(res, 503, Reasons.database(e)));
    }

    Observable<Void> find(String zip, HttpServerResponse<ByteBuf> res) {
        if (!ContractText.isValidZip(zip)) {
            return Answers.error(res, 400, ContractText.BAD_ZIP);
        }
        if (store == null) {
            return Answers.error(res, 503, ContractText.NO_DATABASE);
        }
        return blocking(() -> store.find(zip))
                .flatMap(row -> row.isPresent()
                        ? Answers.json(res, 200, row.get().toJson())
                        : Answers.error(res, 404, ContractText.NO_SUCH_ZIP))
                .onErrorResumeNext(e -> Answers.error(res, 503, Reasons.database(e)));
    }

    /** "" when the database answers (or none is configured), else the reason. */
    Observable<String> healthProblem() {
        if (store == null) {
            return Observable.just("");
        }
        return blocking(store::healthy)
                .map(ok -> ok ? "" : ContractText.DATABASE_DOWN)
                .onErrorReturn(e -> ContractText.DATABASE_DOWN);
    }

    /** A JDBC call. */
    private interface Jdbc<T> {
        T call() throws SQLException;
    }

    private static <T> Observable<T> blocking(Jdbc<T> call) {
        return Observable.fromCallable(call::call).subscribeOn(Schedulers.io());
    }
}
