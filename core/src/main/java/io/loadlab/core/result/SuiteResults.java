package io.loadlab.core.result;

import java.util.List;
import java.util.Map;

/**
 * The content of {@code results/<suite>-<time>/results.json}, documented in {@code docs/results-json.md}. Written
 * again, atomically, after every trial, so an interrupted suite keeps what it finished ({@code status} then says
 * {@code interrupted}).
 */
public record SuiteResults(
        int schemaVersion,
        String suite,
        String description,
        String status,
        String startedAt,
        String finishedAt,
        Map<String, Object> settings,
        Map<String, Object> database,
        List<TrialResult> trials) {
    public static final int SCHEMA_VERSION = 1;

    public static final String RUNNING = "running";
    public static final String COMPLETE = "complete";
    public static final String INTERRUPTED = "interrupted";
    public static final String FAILED = "failed";
}
