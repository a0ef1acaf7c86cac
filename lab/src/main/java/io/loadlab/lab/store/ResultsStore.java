package io.loadlab.lab.store;

import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.result.CapacitySearch;
import io.loadlab.core.result.Environment;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.LabProcess;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One suite's results directory, {@code <root>/<suite>-<yyyyMMdd-HHmmss>/}: {@code environment.json},
 * {@code results.json} rewritten atomically after each trial, and {@code trials/<id>/} per trial. Once
 * {@link #close(String)} has run (on Ctrl-C from the shutdown hook) later trials are not added, so a half-finished
 * trial never lands beside the finished ones. Thread-safe.
 */
public final class ResultsStore {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Path dir;
    private final String suite;
    private final String description;
    private final String startedAt = Instant.now().toString();
    private final Map<String, Object> settings;
    private final List<ExperimentInfo> experiments;
    private Map<String, Object> database;
    private final List<TrialResult> trials = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private String status = SuiteResults.RUNNING;

    private ResultsStore(
            Path dir,
            String suite,
            String description,
            Map<String, Object> settings,
            List<ExperimentInfo> experiments) {
        this.dir = dir;
        this.suite = suite;
        this.description = description;
        this.settings = settings;
        this.experiments = new ArrayList<>(experiments);
    }

    /**
     * Creates a new, uniquely named directory under {@code root}; a root that cannot hold it (missing parent on a
     * read-only or special file system, a file in the way, no permission) is the user's {@link UserError}, raised
     * before any process starts.
     */
    public static ResultsStore create(
            Path root, String suite, String description, Map<String, Object> settings, List<ExperimentInfo> experiments)
            throws IOException {
        String stamp = LocalDateTime.now().format(STAMP);
        Path dir = root.resolve(suite + "-" + stamp);
        for (int i = 2; Files.exists(dir); i++) {
            dir = root.resolve(suite + "-" + stamp + "-" + i);
        }
        try {
            Files.createDirectories(dir.resolve("trials"));
        } catch (FileSystemException e) {
            throw new UserError("cannot create the results directory " + dir + " (" + UserError.why(e)
                    + "); choose a writable directory with --results");
        }
        ResultsStore s = new ResultsStore(dir.toAbsolutePath(), suite, description, settings, experiments);
        s.write();
        LabProcess lab = LabProcess.current();
        if (lab != null) {
            lab.write(dir); // a reader tells a run still going from one whose lab was killed
        }
        return s;
    }

    public Path dir() {
        return dir;
    }

    public Path trialDir(String id) {
        return dir.resolve("trials").resolve(id);
    }

    public void environment(Environment env) throws IOException {
        Json.writeAtomically(dir.resolve("environment.json"), env);
    }

    public synchronized void database(Map<String, Object> db) throws IOException {
        this.database = db;
        write();
    }

    /** A line for the results, such as a load level skipped because the host cannot open that many connections. */
    public synchronized void note(String line) throws IOException {
        notes.add(line);
        write();
    }

    /** Adds a finished trial and rewrites {@code results.json}; false once the store is closed. */
    public synchronized boolean add(TrialResult t) throws IOException {
        if (!status.equals(SuiteResults.RUNNING)) {
            return false;
        }
        trials.add(t);
        write();
        return true;
    }

    /** Records a model's capacity search in its experiment's {@code capacity} section and rewrites the results. */
    public synchronized void capacity(String experiment, CapacitySearch search) throws IOException {
        for (int i = 0; i < experiments.size(); i++) {
            ExperimentInfo e = experiments.get(i);
            if (e.name().equals(experiment) && e.capacity() != null) {
                experiments.set(i, e.withCapacity(e.capacity().with(search)));
            }
        }
        write();
    }

    /** Ends the suite with {@code status} (complete, interrupted, failed); later calls change nothing. */
    public synchronized void close(String finalStatus) throws IOException {
        if (status.equals(SuiteResults.RUNNING)) {
            status = finalStatus;
            write();
        }
    }

    public synchronized SuiteResults snapshot() {
        return new SuiteResults(
                SuiteResults.SCHEMA_VERSION,
                suite,
                description,
                status,
                startedAt,
                status.equals(SuiteResults.RUNNING) ? null : Instant.now().toString(),
                settings,
                List.copyOf(experiments),
                database,
                List.copyOf(notes),
                List.copyOf(trials));
    }

    private void write() throws IOException {
        Json.writeAtomically(dir.resolve("results.json"), snapshot());
    }
}
