package io.loadlab.cli;

import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.result.TrialResult;
import io.loadlab.lab.Lab;
import io.loadlab.lab.spec.SuiteFiles;
import io.loadlab.lab.spec.SuiteSpec;
import io.loadlab.report.ReportWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Run a suite of experiments end to end: fresh pinned servers, validation, warm-up, measurement,"
                    + " sampling, verdicts; results in results/<suite>-<time>/.",
            "With no suite, runs '" + Defaults.SUITE + "'. With --scenario, runs one ad-hoc experiment.",
        },
        footer = {
            "",
            "Examples:",
            "  loadlab run                                   the quick suite (about 5 minutes on 2 cores)",
            "  loadlab run c10k-backend                      a suite from suites/",
            "  loadlab run --model netty --scenario delay -c 100 -d 10s",
            "  loadlab run --server-cmd 'java -jar app.jar' --server-url http://127.0.0.1:8080 --scenario json -c 50",
        })
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "SUITE", description = "A suite name (suites/NAME.yaml) or file.")
    String suite;

    @Mixin
    RunOptions options;

    @Override
    public Integer call() throws Exception {
        SuiteSpec suiteSpec = options.adHoc()
                ? options.adHocSuite()
                : SuiteFiles.load(suite == null ? Defaults.SUITE : suite, suitesDir());
        if (suite != null && options.adHoc()) {
            throw new UserError("give either a suite (" + suite + ") or --scenario, not both");
        }
        suiteSpec = options.apply(suiteSpec);
        RunProgress progress = new RunProgress(spec.commandLine().getOut(), System.console() != null);
        Lab.Outcome outcome = Lab.run(suiteSpec, progress);
        Path report = null;
        try {
            report = ReportWriter.write(outcome.dir());
        } catch (RuntimeException e) {
            spec.commandLine()
                    .getErr()
                    .println("loadlab run: could not draw the report: " + e.getMessage() + "; 'loadlab report "
                            + outcome.dir() + "' redraws it from the results");
        }
        RunSummary.print(
                outcome.results(), outcome.dir(), report, spec.commandLine().getOut());
        List<TrialResult> trials = outcome.results().trials();
        return trials.stream().anyMatch(t -> !t.valid()) ? Main.EXIT_FAILED : Main.EXIT_OK;
    }

    /** {@code suites/} in the working directory, else beside the checkout the jar was built in. */
    static Path suitesDir() {
        Path here = Path.of("suites");
        if (Files.isDirectory(here)) {
            return here;
        }
        try {
            Path jar = Path.of(RunCommand.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path p = jar.getParent(); p != null; p = p.getParent()) {
                if (Files.isDirectory(p.resolve("suites"))) {
                    return p.resolve("suites");
                }
            }
        } catch (Exception e) {
            // fall through
        }
        return here;
    }
}
