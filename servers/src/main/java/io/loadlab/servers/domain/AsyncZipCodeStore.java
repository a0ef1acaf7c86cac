package io.loadlab.servers.domain;

import io.loadlab.core.data.ZipCode;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Non-blocking access to the {@code zipcode} table (the Vert.x reactive PostgreSQL client). No method blocks; the
 * stages complete on the client's event loop, so callers must not block in their continuations.
 */
public interface AsyncZipCodeStore extends AutoCloseable {
    /** Query-or-insert, with the same guarantee as {@link ZipCodeStore#upsert}. */
    CompletionStage<Upsert> upsert(ZipCode row);

    CompletionStage<Optional<ZipCode>> find(String zip);

    CompletionStage<Boolean> healthy();

    /** The database's version, for {@code /settings}. */
    String serverVersion();

    /** Statements executed so far (SELECT and INSERT), for the lab's WORK_MISMATCH check. */
    long statements();

    @Override
    void close();
}
