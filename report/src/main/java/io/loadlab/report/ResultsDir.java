package io.loadlab.report;

import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.result.Environment;
import io.loadlab.core.result.LabProcess;
import io.loadlab.core.result.ResultsUpgrade;
import io.loadlab.core.result.SuiteResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A results directory as the lab writes it: {@code results.json} (required) and {@code environment.json} (optional). */
public record ResultsDir(Path dir, SuiteResults results, Environment environment) {
    public static final String RESULTS = "results.json";
    public static final String ENVIRONMENT = "environment.json";
    public static final String REPORT = "report.html";

    /** Reads a results directory; a missing directory or results.json is a {@link UserError} with one line. */
    public static ResultsDir load(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new UserError("no such results directory: " + dir + " (give the directory 'loadlab run' wrote)");
        }
        Path results = dir.resolve(RESULTS);
        if (!Files.isRegularFile(results)) {
            throw new UserError("no " + RESULTS + " in " + dir + " (give the directory 'loadlab run' wrote)");
        }
        SuiteResults suite;
        try {
            suite = LabProcess.resolve(ResultsUpgrade.readSuite(results), dir);
        } catch (IOException e) {
            throw new UserError("cannot read " + results + ": " + firstLine(e.getMessage()));
        }
        Environment env = null;
        Path envFile = dir.resolve(ENVIRONMENT);
        if (Files.isRegularFile(envFile)) {
            try {
                env = Json.read(envFile, Environment.class);
            } catch (IOException e) {
                env = null; // the report says the environment is unknown rather than refusing to draw
            }
        }
        return new ResultsDir(dir, suite, env);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
