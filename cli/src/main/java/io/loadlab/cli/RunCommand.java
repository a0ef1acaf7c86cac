package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.core.result.CapacityStep;
import io.loadlab.core.result.PastKnee;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.lab.Lab;
import io.loadlab.lab.LabDefaults;
import io.loadlab.lab.spec.LabSetup;
import io.loadlab.lab.spec.SuiteFiles;
import io.loadlab.lab.spec.SuitePlan;
import io.loadlab.report.ReportWriter;
import io.loadlab.report.gate.Threshold;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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
            "With no suite, runs '" + LabDefaults.SUITE + "'. With --scenario, runs one ad-hoc experiment.",
        },
        footer = {
            "",
            "Examples:",
            "  loadlab run                                   the quick suite (about 5 minutes on 2 cores)",
            "  loadlab run c10k-backend                      a suite from suites/",
            "  loadlab run --model netty --scenario delay -c 100 -d 10s",
            "  loadlab run --server-cmd 'java -jar app.jar' --server-url http://127.0.0.1:8080 --scenario json -c 50",
            "  loadlab run --server-url http://127.0.0.1:8080 --scenario json -c 1k   (a server already running)",
            "  loadlab run --server-url http://127.0.0.1:8080 --scenario my-routes.yaml -c 10   (your own routes)",
            "  loadlab run --server-cmd a='./app --threads 16' --server-cmd b='./app --threads 200' \\",
            "      --server-url http://127.0.0.1:8080 --scenario delay -m netty   (two variants of yours, and netty)",
            "  loadlab run --scenario mixed -m netty --threshold 'slow:p99<150ms' --junit junit.xml",
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every trial was judged: its number is valid (warnings such as NOT_STEADY or BELOW_CEILING keep it),"
                    + " or it is a finding about its model (STARVED: the model left connections waiting)",
            "1:a trial is not comparable for a reason that is not its model's: APP_BROKEN, ERRORS,"
                    + " LOADGEN_SATURATED, DEPENDENCY_BOUND or WORK_MISMATCH (each printed with its reason)",
            "2:a usage error, a bad suite file, or a dependency that could not start (one line on stderr)",
            "3:an internal error",
            "99:every trial was measured, but a --threshold failed in at least one (1 takes precedence: a trial that"
                    + " could not be measured honestly says nothing about an SLO)"
        })
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "SUITE", description = "A suite name (suites/NAME.yaml) or file.")
    String suite;

    @Mixin
    RunOptions options;

    @Mixin
    GateOptions gate;

    @Override
    public Integer call() throws Exception {
        options.checkCounts();
        if (suite != null && options.adHoc()) {
            throw new UserError("give either a suite (" + suite + ") or --scenario, not both");
        }
        String suiteName = suite == null ? LabDefaults.SUITE : suite;
        if (!options.adHoc()) {
            options.refuseAdHocOnly(suiteName);
        }
        SuiteFiles.Suite loaded = options.adHoc()
                ? new SuiteFiles.Suite(options.adHocPlan(), null)
                : SuiteFiles.load(suiteName, suitesDir());
        SuitePlan plan = options.apply(loaded.plan());
        LabSetup setup = options.setup(loaded.cpus());
        List<Threshold> thresholds = gate.parsed();
        Output.checkWritable("--junit", gate.junit);
        PrintWriter stdout = spec.commandLine().getOut();
        // with the JUnit XML on stdout, everything for people goes to stderr
        PrintWriter out = Output.isStdout(gate.junit) ? spec.commandLine().getErr() : stdout;
        RunProgress progress = new RunProgress(out, System.console() != null);
        Lab.Outcome outcome = Lab.run(plan, setup, progress);
        Path report = null;
        try {
            report = ReportWriter.write(outcome.dir());
        } catch (RuntimeException e) {
            spec.commandLine()
                    .getErr()
                    .println("loadlab run: could not draw the report: " + e.getMessage() + "; 'loadlab report "
                            + outcome.dir() + "' redraws it from the results");
        }
        RunSummary.print(outcome.results(), outcome.dir(), report, out);
        List<RunGate.TrialCheck> checks = RunGate.check(outcome.results(), thresholds);
        RunGate.print(checks, thresholds, out);
        if (gate.junit != null) {
            Output.write(gate.junit, RunGate.junit(outcome.results().suite(), checks, thresholds), stdout);
        }
        Set<String> searched = failedSteps(outcome.results());
        List<TrialResult> trials = outcome.results().trials();
        List<TrialResult> demonstrations =
                trials.stream().filter(t -> expectedRefused(plan, t)).toList();
        for (TrialResult t : demonstrations) {
            if (t.valid()) {
                spec.commandLine()
                        .getErr()
                        .println("loadlab run: " + t.id() + " got a valid number, but the suite" + " marks "
                                + t.key().model() + " refused: the lab failed to catch a broken application");
                spec.commandLine().getErr().flush();
                return Main.EXIT_FAILED;
            }
        }
        if (outcome.stopped() != null) {
            spec.commandLine().getErr().println("loadlab run: " + outcome.stopped());
            spec.commandLine().getErr().flush();
            return Main.EXIT_FAILED;
        }
        if (trials.stream()
                .filter(t -> !searched.contains(t.id()) && !demonstrations.contains(t))
                .anyMatch(RunCommand::failed)) {
            return Main.EXIT_FAILED;
        }
        String missed = RunGate.failure(checks, thresholds);
        if (missed != null) {
            spec.commandLine().getErr().println("loadlab run: " + missed);
            spec.commandLine().getErr().flush();
            return Main.EXIT_THRESHOLDS;
        }
        return Main.EXIT_OK;
    }

    /**
     * The capacity steps the search judged failed and the trials past the knee: a model past its capacity fails by
     * design (its errors are its answer to overload), so they do not fail the run.
     */
    static Set<String> failedSteps(SuiteResults r) {
        return r.experiments() == null
                ? Set.of()
                : r.experiments().stream()
                        .filter(e -> e.capacity() != null)
                        .flatMap(e -> e.capacity().searches().stream())
                        .flatMap(s -> Stream.concat(
                                s.steps().stream()
                                        .filter(step -> CapacityStep.FAIL.equals(step.outcome()))
                                        .map(CapacityStep::trialId),
                                s.pastKnee().stream().map(PastKnee::trialId)))
                        .collect(Collectors.toSet());
    }

    /** True when the trial's experiment demonstrates its model broken ({@code refused:}): refusing it is the point. */
    static boolean expectedRefused(SuitePlan plan, TrialResult t) {
        return plan.experiments().stream()
                .anyMatch(e -> e.name().equals(t.key().experiment())
                        && e.expectsRefused(t.key().model()));
    }

    /** Not comparable, and not because of its model: the run did not measure what it should have. */
    static boolean failed(TrialResult t) {
        if (t.valid()) {
            return false;
        }
        return t.load() == null
                || t.verdicts().stream()
                        .anyMatch(v -> v.code().invalidates() && !v.code().aboutTheModel());
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
