package io.loadlab.servers.domain;

import io.vertx.pgclient.PgException;
import java.sql.SQLException;

/**
 * The statements both stores run, so the blocking and the non-blocking models do the same work. Query-or-insert is
 * a SELECT, then when absent an INSERT that does nothing on a duplicate key and RETURNs the row it inserted; when it
 * returns nothing a concurrent insert won, and a second SELECT reads that row.
 */
final class ZipCodeSql {
    /**
     * Creates the table if missing. Two servers starting at once would race inside CREATE TABLE IF NOT EXISTS (a
     * duplicate-key error on the catalog), so the statement takes a transaction-scoped advisory lock first.
     */
    static final String CREATE_TABLE = "DO $$ BEGIN PERFORM pg_advisory_xact_lock(20261122);"
            + " CREATE TABLE IF NOT EXISTS zipcode (zip char(5) PRIMARY KEY, type text, city text, state text,"
            + " county text, timezone text); END $$";

    static final String COLUMNS = "zip, type, city, state, county, timezone";
    static final String SELECT_JDBC = "SELECT " + COLUMNS + " FROM zipcode WHERE zip = ?";
    static final String INSERT_JDBC = "INSERT INTO zipcode (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)"
            + " ON CONFLICT (zip) DO NOTHING RETURNING " + COLUMNS;
    static final String SELECT_PG = "SELECT " + COLUMNS + " FROM zipcode WHERE zip = $1";
    static final String INSERT_PG = "INSERT INTO zipcode (" + COLUMNS + ") VALUES ($1, $2, $3, $4, $5, $6)"
            + " ON CONFLICT (zip) DO NOTHING RETURNING " + COLUMNS;

    private ZipCodeSql() {}

    /** The one-line error of a store that cannot start, saying what to fix. */
    static String startError(DbUrl url, Throwable e) {
        String state = sqlState(e);
        String reason = DatabaseException.reason(e);
        if (state == null || state.startsWith("08")) {
            return "cannot reach PostgreSQL at " + url.address() + ": " + reason + "; start it or fix --db-url";
        }
        if (state.startsWith("28") || state.equals("3D000")) { // authentication, unknown database
            return "PostgreSQL at " + url.address() + " refused " + url + ": " + reason + "; fix --db-url";
        }
        return "PostgreSQL at " + url.address() + " cannot set up the zipcode table: " + reason
                + "; give the user the right to create it or create it yourself";
    }

    private static String sqlState(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && s.getSQLState() != null) {
                return s.getSQLState();
            }
            if (t instanceof PgException p && p.getSqlState() != null) {
                return p.getSqlState();
            }
        }
        return null;
    }
}
