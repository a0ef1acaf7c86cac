package io.loadlab.core.result;

/**
 * What the trial's dependencies did during the measured window, each null when the scenario did not use it: the
 * evidence behind {@code WORK_MISMATCH} (the work done is the work answered) and {@code BELOW_CEILING} (how many
 * calls the server really had in flight); and the processes the lab started for the trial that failed during it, the
 * evidence behind {@code DEPENDENCY_FAILED} (empty or null when none did).
 */
public record DependencyWork(Backend backend, Database database, java.util.List<Failure> failures, Outage outage) {
    public static final DependencyWork NONE = new DependencyWork(null, null);

    public DependencyWork {
        failures = failures == null || failures.isEmpty() ? null : java.util.List.copyOf(failures);
    }

    /** What the dependencies did, none of them failing. */
    public DependencyWork(Backend backend, Database database) {
        this(backend, database, null, null);
    }

    /** The same work, with the failures the lab saw and the outage it caused on purpose (each null when none). */
    public DependencyWork with(java.util.List<Failure> f, Outage o) {
        return new DependencyWork(backend, database, f, o);
    }

    /**
     * A fault the lab caused on purpose (a fault experiment): what it did, and from when to when, in seconds from the
     * window's start, the dependency was out: from the kill or the stop until it answered again.
     *
     * @param endS null when it did not answer again within the trial
     */
    public record Outage(String cause, double atS, Double endS) {}

    /**
     * A process the lab started for the trial that exited, or stopped answering its probe, while the trial ran.
     *
     * @param dependency {@code PostgreSQL}, {@code the backend}, {@code the load generator}, {@code load agent 2}
     * @param atS when, in seconds from the window's start (negative: during the warm-up)
     * @param what {@code exited (killed by signal 9)}, {@code exited with status 1}, {@code stopped answering}
     */
    public record Failure(String dependency, double atS, String what) {
        /** {@code PostgreSQL exited (killed by signal 9) at 12.0 s of the window}. */
        public String text() {
            String when = atS >= 0
                    ? String.format(java.util.Locale.ROOT, "at %.1f s of the window", atS)
                    : String.format(java.util.Locale.ROOT, "%.1f s before the window, in the warm-up", -atS);
            return dependency + " " + what + " " + when;
        }

        /** True for the load generator or a load agent: what measures, not what the server depends on. */
        public boolean loadGenerator() {
            return dependency.startsWith("the load generator") || dependency.startsWith("load agent");
        }
    }

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
