package io.loadlab.report;

import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.ResultsUpgrade;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The checked-in results fixtures (see {@link FixtureFactory}), copied where a test may write beside them. */
final class Fixtures {
    private Fixtures() {}

    static Path source(String name) {
        Path p = Path.of("src/test/resources/fixtures", name);
        if (!Files.isDirectory(p)) {
            throw new IllegalStateException("fixture missing: " + p.toAbsolutePath());
        }
        return p;
    }

    static SuiteResults results(String name) {
        try {
            return ResultsUpgrade.readSuite(source(name).resolve("results.json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A complete suite of these experiments and trials, everything else empty. */
    static SuiteResults suite(List<ExperimentInfo> experiments, List<TrialResult> trials) {
        return new SuiteResults(
                SuiteResults.SCHEMA_VERSION,
                "test",
                null,
                SuiteResults.COMPLETE,
                null,
                null,
                Map.of(),
                experiments,
                null,
                List.of(),
                trials);
    }

    static Path copy(String name, Path target) throws IOException {
        Path from = source(name);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        return target;
    }
}
