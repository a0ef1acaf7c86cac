package io.loadlab.lab.deps;

import io.loadlab.core.result.DependencyWork;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * PostgreSQL's own count of the work done in one database, read at a window's two ends so that their difference is
 * the window's: transactions from {@code pg_stat_database} (each backend reports them within about a second, as
 * often at the window's end as at its start, so the lag cancels in a steady window) and statements by kind from
 * {@code pg_stat_statements} (counted as each statement ends). The statements are null when the extension cannot be
 * had (a server given by {@code --db-url} without it); the lab's embedded PostgreSQL loads it.
 *
 * @param transactions committed and rolled back so far
 * @param statements executions so far by kind ({@link DependencyWork.Database}'s kinds); null when not available
 */
record WorkCounters(long transactions, Map<String, Long> statements) {
    /**
     * Reads the counters of database {@code db} over {@code c}, a connection to another database where it can be (so
     * that the lab's own queries do not count); creates the extension's view in {@code c}'s database on first use.
     */
    static WorkCounters read(Connection c, String db) throws SQLException {
        long xacts = 0;
        try (PreparedStatement s =
                c.prepareStatement("select xact_commit + xact_rollback from pg_stat_database where datname = ?")) {
            s.setString(1, db);
            try (ResultSet r = s.executeQuery()) {
                xacts = r.next() ? r.getLong(1) : 0;
            }
        }
        return new WorkCounters(xacts, statements(c, db));
    }

    private static Map<String, Long> statements(Connection c, String db) {
        try {
            try (Statement s = c.createStatement()) {
                s.execute("create extension if not exists pg_stat_statements");
            }
            Map<String, Long> out = new LinkedHashMap<>();
            try (PreparedStatement s = c.prepareStatement("select query, calls from pg_stat_statements"
                    + " where dbid = (select oid from pg_database where datname = ?)")) {
                s.setString(1, db);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.merge(kind(r.getString(1)), r.getLong(2), Long::sum);
                    }
                }
            }
            return out;
        } catch (SQLException e) {
            return null; // not loaded (shared_preload_libraries) or not allowed: the statements stay unknown
        }
    }

    /** A statement's kind by its first word and whether it touches the zip-code table. */
    static String kind(String query) {
        String q = query.stripLeading().toLowerCase(Locale.ROOT);
        String first = q.split("[\\s(;]", 2)[0];
        boolean table = q.contains("zipcode");
        return switch (first) {
            case "select", "with" -> table ? DependencyWork.Database.SELECT : DependencyWork.Database.OTHER;
            case "insert" -> table ? DependencyWork.Database.INSERT : DependencyWork.Database.OTHER;
            case "update" -> table ? DependencyWork.Database.UPDATE : DependencyWork.Database.OTHER;
            case "delete" -> table ? DependencyWork.Database.DELETE : DependencyWork.Database.OTHER;
            case "begin", "start", "commit", "end", "rollback", "savepoint", "release" ->
                DependencyWork.Database.TRANSACTION_CONTROL;
            default -> DependencyWork.Database.OTHER;
        };
    }

    /**
     * What happened between {@code before} and this reading; null when the counters went back (PostgreSQL restarted
     * after a crash, which discards them): the window's work is then unknown.
     */
    WorkCounters since(WorkCounters before) {
        if (transactions < before.transactions) {
            return null;
        }
        Map<String, Long> d = null;
        if (statements != null && before.statements != null) {
            d = new LinkedHashMap<>();
            for (Map.Entry<String, Long> e : statements.entrySet()) {
                long n = e.getValue() - before.statements.getOrDefault(e.getKey(), 0L);
                if (n > 0) {
                    d.put(e.getKey(), n);
                }
            }
        }
        return new WorkCounters(transactions - before.transactions, d);
    }
}
