package io.loadlab.lab.deps;

import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.unit.Duration;
import java.io.IOException;
import java.sql.SQLException;

/**
 * Watches the dependencies over one measured window: the backend's calls and concurrency (its {@code /stats}, reset
 * when the window opens) and the database's rows and active connections ({@link DatabaseProbe}). {@link #windowClosed}
 * when the load generator's window ends, then {@link #finish}, which first lets the calls still in flight when the
 * window closed reach the backend: they are counted on both sides of the work comparison.
 */
public final class DependencyProbe {
    /** Besides the backend's delay, how long the calls in flight at the window's end are given to arrive. */
    static final long SETTLE_MILLIS = 300;

    private final Backend backend;
    private final Backend.Stats backendBefore;
    private final DatabaseProbe database;
    private final Duration backendDelay;
    private Backend.Stats backendWindow;

    private DependencyProbe(Backend backend, Backend.Stats before, DatabaseProbe database, Duration backendDelay) {
        this.backend = backend;
        this.backendBefore = before;
        this.database = database;
        this.backendDelay = backendDelay;
    }

    static DependencyProbe start(Backend backend, Database db, Duration backendDelay) throws IOException {
        try {
            return new DependencyProbe(
                    backend,
                    backend == null ? null : backend.stats(true),
                    db == null ? null : DatabaseProbe.start(db),
                    backendDelay);
        } catch (SQLException e) {
            throw new IOException("cannot watch PostgreSQL: " + e.getMessage(), e);
        }
    }

    /** The measured window is over: the backend's concurrency is read now, before the tail of the run. */
    public void windowClosed() {
        if (backend != null) {
            backendWindow = backend.stats(false);
        }
    }

    public DependencyWork finish() throws InterruptedException {
        DependencyWork.Backend b = null;
        if (backend != null) {
            Thread.sleep(backendDelay.toMillis() + SETTLE_MILLIS);
            Backend.Stats end = backend.stats(false);
            DependencyWork.Backend calls = end == null ? null : end.since(backendBefore);
            DependencyWork.Backend window = backendWindow == null ? null : backendWindow.since(backendBefore);
            if (calls != null) {
                b = window == null
                        ? calls
                        : new DependencyWork.Backend(calls.calls(), window.peakInFlight(), window.meanInFlight());
            }
        }
        DependencyWork.Database d = null;
        if (database != null) {
            try {
                d = database.finish();
            } catch (SQLException e) {
                d = null; // the database went away: its figures are unknown, the trial says so by their absence
            }
        }
        return b == null && d == null ? DependencyWork.NONE : new DependencyWork(b, d);
    }
}
