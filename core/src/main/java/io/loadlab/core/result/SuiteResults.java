package io.loadlab.core.result;

import java.util.List;
import java.util.Map;

/**
 * The content of {@code results/<suite>-<time>/results.json}, documented in {@code docs/results-json.md}. Written
 * again, atomically, after every trial, so an interrupted suite keeps what it finished ({@code status} then says
 * {@code interrupted}). {@link ResultsUpgrade} reads older schema versions.
 *
 * @param settings how the suite ran: timing, CPUs, thresholds, flags
 * @param notes lines for the reader, e.g. a load level this host could not run and why
 */
public record SuiteResults(
        int schemaVersion,
        String suite,
        String description,
        String status,
        String startedAt,
        String finishedAt,
        Map<String, Object> settings,
        List<ExperimentInfo> experiments,
        Map<String, Object> database,
        List<String> notes,
        List<TrialResult> trials) {
    public static final int SCHEMA_VERSION = 3;

    public static final String RUNNING = "running";
    public static final String COMPLETE = "complete";
    public static final String INTERRUPTED = "interrupted";
    public static final String FAILED = "failed";

    /**
     * Never written: what a reader makes of {@code running} when the lab that wrote it is gone without a final word
     * ({@link LabProcess#resolve}).
     */
    public static final String ABANDONED = "abandoned";

    /** The same results with another status. */
    public SuiteResults withStatus(String s) {
        return new SuiteResults(
                schemaVersion,
                suite,
                description,
                s,
                startedAt,
                finishedAt,
                settings,
                experiments,
                database,
                notes,
                trials);
    }

    /** The experiment of this name, or null (results of schema 1 do not list them). */
    public ExperimentInfo experiment(String name) {
        if (experiments == null) {
            return null;
        }
        return experiments.stream()
                .filter(e -> e.name().equals(name))
                .findFirst()
                .orElse(null);
    }
}
