package io.loadlab.servers.domain;

/**
 * The statements both stores run, so the blocking and the non-blocking models do the same work. Query-or-insert is
 * a SELECT, then when absent an INSERT that does nothing on a duplicate key and RETURNs the row it inserted; when it
 * returns nothing a concurrent insert won, and a second SELECT reads that row.
 */
final class ZipCodeSql {
    static final String CREATE_TABLE = "CREATE TABLE IF NOT EXISTS zipcode (zip char(5) PRIMARY KEY, type text,"
            + " city text, state text, county text, timezone text)";
    static final String COLUMNS = "zip, type, city, state, county, timezone";
    static final String SELECT_JDBC = "SELECT " + COLUMNS + " FROM zipcode WHERE zip = ?";
    static final String INSERT_JDBC = "INSERT INTO zipcode (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)"
            + " ON CONFLICT (zip) DO NOTHING RETURNING " + COLUMNS;
    static final String SELECT_PG = "SELECT " + COLUMNS + " FROM zipcode WHERE zip = $1";
    static final String INSERT_PG = "INSERT INTO zipcode (" + COLUMNS + ") VALUES ($1, $2, $3, $4, $5, $6)"
            + " ON CONFLICT (zip) DO NOTHING RETURNING " + COLUMNS;

    private ZipCodeSql() {}

    static String unreachable(DbUrl url, Throwable e) {
        return "cannot reach PostgreSQL at " + url.address() + ": " + DatabaseException.reason(e)
                + "; start it or fix --db-url";
    }
}
