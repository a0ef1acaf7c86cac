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
     *
     * @param transactions transactions committed or rolled back in the server's database over the window
     *     ({@code pg_stat_database}); null when not read
     * @param statements statements executed in the server's database over the window by kind
     *     ({@code pg_stat_statements}): {@link #SELECT}, {@link #INSERT}, {@link #UPDATE}, {@link #DELETE} on the
     *     zip-code table, {@link #TRANSACTION_CONTROL} ({@code BEGIN}, {@code COMMIT}, {@code ROLLBACK}) and
     *     {@link #OTHER} (a pool's validation query, {@code SET}, {@code SHOW}); null when the extension is not there
     */
    public record Database(
            long rowsAdded,
            Integer peakActive,
            Integer sslConnections,
            Long transactions,
            java.util.Map<String, Long> statements) {
        public static final String SELECT = "select";
        public static final String INSERT = "insert";
        public static final String UPDATE = "update";
        public static final String DELETE = "delete";
        public static final String TRANSACTION_CONTROL = "transaction_control";
        public static final String OTHER = "other";

        /** The zip-code table's statements (select, insert, update, delete); null when not counted. */
        public Long tableStatements() {
            if (statements == null) {
                return null;
            }
            long n = 0;
            for (String k : java.util.List.of(SELECT, INSERT, UPDATE, DELETE)) {
                n += statements.getOrDefault(k, 0L);
            }
            return n;
        }
    }
}
