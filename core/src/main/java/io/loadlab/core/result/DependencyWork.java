package io.loadlab.core.result;

/**
 * What the trial's dependencies did during the measured window, each null when the scenario did not use it: the
 * evidence behind {@code WORK_MISMATCH} (the work done is the work answered) and {@code BELOW_CEILING} (how many
 * calls the server really had in flight).
 */
public record DependencyWork(Backend backend, Database database) {
    public static final DependencyWork NONE = new DependencyWork(null, null);

    /**
     * The slow backend's view of the server: the {@code /hello} calls it answered, and how many were in flight at
     * once (the most, and the mean over the window) — the server's real concurrency toward it; null when the backend
     * does not report them (a user's own backend).
     */
    public record Backend(long calls, Integer peakInFlight, Double meanInFlight) {}

    /**
     * PostgreSQL's view: rows the zip-code table gained, and the most of the server's connections seen active at once
     * (sampled from {@code pg_stat_activity}); {@code sslConnections} is how many of its connections used TLS. The
     * samples are null when they could not be taken.
     */
    public record Database(long rowsAdded, Integer peakActive, Integer sslConnections) {}
}
