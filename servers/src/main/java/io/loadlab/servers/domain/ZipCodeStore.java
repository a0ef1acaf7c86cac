package io.loadlab.servers.domain;

import io.loadlab.core.data.ZipCode;
import java.util.Optional;

/**
 * Blocking access to the {@code zipcode} table (JDBC + HikariCP). Every method blocks the calling thread on the
 * database; implementations are thread-safe.
 */
public interface ZipCodeStore extends AutoCloseable {
    /**
     * Query-or-insert: returns the stored row, and whether this call inserted it. Concurrent calls for one new zip
     * insert exactly one row; the others return it with {@code created == false}.
     */
    Upsert upsert(ZipCode row);

    Optional<ZipCode> find(String zip);

    /** True when the database answers. */
    boolean healthy();

    /** The database's version, for {@code /settings}. */
    String serverVersion();

    /** Statements executed so far (SELECT and INSERT), for the lab's WORK_MISMATCH check. */
    long statements();

    @Override
    void close();
}
