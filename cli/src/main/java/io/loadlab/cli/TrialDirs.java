package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.core.result.TrialResult;
import io.loadlab.report.ResultsDir;
import java.nio.file.Files;
import java.nio.file.Path;

/** A trial directory ({@code results/<run>/trials/<id>}) as the trial's result in its run's results.json. */
final class TrialDirs {
    private TrialDirs() {}

    /** A trial and the results directory that holds it. */
    record Trial(TrialResult trial, Path results) {}

    /** The trial whose directory {@code dir} is, or null when {@code dir} is not a trial directory. */
    static Trial find(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new UserError("no such directory: " + dir + " (give a directory 'loadlab run' wrote, or one of its"
                    + " trials/<id>)");
        }
        Path abs = dir.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        if (parent == null
                || parent.getFileName() == null
                || !parent.getFileName().toString().equals("trials")
                || parent.getParent() == null
                || !Files.isRegularFile(parent.getParent().resolve(ResultsDir.RESULTS))) {
            return null;
        }
        Path results = parent.getParent();
        String id = abs.getFileName().toString();
        ResultsDir r = ResultsDir.load(results);
        return r.results().trials().stream()
                .filter(t -> t.id().equals(id))
                .findFirst()
                .map(t -> new Trial(t, results))
                .orElseThrow(() -> new UserError(dir + " is not a trial of " + results.resolve(ResultsDir.RESULTS)
                        + ": its trials are in " + parent));
    }
}
