package io.loadlab.lab.deps;

import io.loadlab.core.result.DependencyWork;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Watches PostgreSQL during one measured window: the rows the zip-code table gained, the work PostgreSQL itself
 * counted ({@link WorkCounters}: transactions, and statements by kind) between the window's two ends, and — sampled
 * every {@link #PERIOD_MILLIS} on its own thread from {@code pg_stat_activity} — the most of the server's connections
 * running a statement at once and how many of them used TLS. Its connection is to another database than the
 * servers' where it can be, so that its own queries do not count. {@link #start}, then {@link #finish}.
 */
public final class DatabaseProbe {
    static final long PERIOD_MILLIS = 100;

    private final Database db;
    private final long rowsBefore;
    private final Connection conn;
    private final WorkCounters workBefore;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile int peakActive;
    private volatile int ssl;

    private DatabaseProbe(Database db, long rowsBefore, Connection conn, WorkCounters workBefore) {
        this.db = db;
        this.rowsBefore = rowsBefore;
        this.conn = conn;
        this.workBefore = workBefore;
        this.thread = new Thread(this::loop, "loadlab-db-probe");
        this.thread.setDaemon(true);
    }

    public static DatabaseProbe start(Database db) throws SQLException {
        long rows = db.rows();
        Connection c = db.openBeside();
        WorkCounters work;
        try {
            work = WorkCounters.read(c, db.name());
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        DatabaseProbe p = new DatabaseProbe(db, rows, c, work);
        p.thread.start();
        return p;
    }

    private void loop() {
        try {
            while (running) {
                int[] a = Database.activity(conn, db.name());
                peakActive = Math.max(peakActive, a[0]);
                ssl = Math.max(ssl, a[1]);
                Thread.sleep(PERIOD_MILLIS);
            }
        } catch (SQLException | InterruptedException e) {
            // the window's figures so far stand
        }
    }

    /** Stops sampling, reads what PostgreSQL counted over the window and the rows gained. */
    public DependencyWork.Database finish() throws SQLException {
        running = false;
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        WorkCounters work = null;
        try (Connection c = conn) {
            work = WorkCounters.read(c, db.name()).since(workBefore);
        } catch (SQLException e) {
            // the counts stay unknown; the rows below still say what was written
        }
        long rows;
        try {
            rows = db.rows() - rowsBefore;
        } catch (SQLException e) {
            rows = 0; // the database is gone: what it holds is unknown, and the watch has said why
        }
        return new DependencyWork.Database(
                rows,
                peakActive,
                ssl,
                work == null ? null : work.transactions(),
                work == null ? null : work.statements());
    }
}
