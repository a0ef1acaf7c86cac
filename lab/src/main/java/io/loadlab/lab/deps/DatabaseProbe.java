package io.loadlab.lab.deps;

import io.loadlab.core.result.DependencyWork;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Watches PostgreSQL during one measured window: the rows the zip-code table gained, and — sampled every
 * {@link #PERIOD_MILLIS} on its own thread from {@code pg_stat_activity} — the most of the server's connections
 * running a statement at once and how many of them used TLS. {@link #start}, then {@link #finish}.
 */
public final class DatabaseProbe {
    static final long PERIOD_MILLIS = 100;

    private final Database db;
    private final long rowsBefore;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile int peakActive;
    private volatile int ssl;

    private DatabaseProbe(Database db, long rowsBefore) {
        this.db = db;
        this.rowsBefore = rowsBefore;
        this.thread = new Thread(this::loop, "loadlab-db-probe");
        this.thread.setDaemon(true);
    }

    public static DatabaseProbe start(Database db) throws SQLException {
        DatabaseProbe p = new DatabaseProbe(db, db.rows());
        p.thread.start();
        return p;
    }

    private void loop() {
        try (Connection c = db.open()) {
            while (running) {
                int[] a = Database.activity(c);
                peakActive = Math.max(peakActive, a[0]);
                ssl = Math.max(ssl, a[1]);
                Thread.sleep(PERIOD_MILLIS);
            }
        } catch (SQLException | InterruptedException e) {
            // the window's figures so far stand
        }
    }

    /** Stops sampling and reads the rows gained. */
    public DependencyWork.Database finish() throws SQLException {
        running = false;
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new DependencyWork.Database(db.rows() - rowsBefore, peakActive, ssl);
    }
}
