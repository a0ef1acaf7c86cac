package io.loadlab.frameworks.common;

/**
 * The statements of query-or-insert, the same as the reference servers run so every model does the same work: a
 * SELECT, then when absent an INSERT that does nothing on a duplicate key and returns the row it inserted; when it
 * returns nothing a concurrent insert won, and a second SELECT reads that row.
 */
public final class ZipCodeSql {
    private ZipCodeSql() {}

    /** Creates the table if missing, under an advisory lock so that two servers starting at once do not race. */
    public static final String CREATE_TABLE = "DO $$ BEGIN PERFORM pg_advisory_xact_lock(20261122);"
            + " CREATE TABLE IF NOT EXISTS zipcode (zip char(5) PRIMARY KEY, type text, city text, state text,"
            + " county text, timezone text); END $$";

    public static final String COLUMNS = "zip, type, city, state, county, timezone";
    public static final String SELECT = "SELECT " + COLUMNS + " FROM zipcode WHERE zip = ?";
    public static final String INSERT = "INSERT INTO zipcode (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)"
            + " ON CONFLICT (zip) DO NOTHING RETURNING " + COLUMNS;
}
