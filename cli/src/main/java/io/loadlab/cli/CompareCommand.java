package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.lab.profile.FlameGraphs;
import io.loadlab.report.Comparison;
import io.loadlab.report.ComparisonHtml;
import io.loadlab.report.ComparisonText;
import io.loadlab.report.ProfileComparison;
import io.loadlab.report.ProfileComparisonHtml;
import io.loadlab.report.ProfileComparisonText;
import io.loadlab.report.Regression;
import io.loadlab.report.ResultsDir;
import io.loadlab.report.TableFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = {
            "Compare two results directories: faster, slower or no significant difference.",
            "Trials are matched by experiment, model, scenario and load level; B is judged against A with Welch's"
                    + " t-test over the repetitions. Unmatched trials are listed.",
            "Given two trial directories (results/<run>/trials/<id>, e.g. two models of one run), compares their"
                    + " insides: CPU, allocation and context switches per request, GC, threads, and the frames whose"
                    + " share of the server's samples moved most."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:compared (and, with --fail-on-regression, nothing regressed beyond the margin)",
            "2:a usage error or a directory without results (one line on stderr)",
            "3:an internal error",
            "99:--fail-on-regression found B worse than A beyond the margin (each regression on stderr)"
        })
final class CompareCommand implements Callable<Integer> {
    enum CompareFormat {
        text,
        markdown,
        html
    }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "The baseline results directory (or trial directory).")
    Path a;

    @Parameters(
            index = "1",
            paramLabel = "B",
            description = "The results directory (or trial directory) judged against A.")
    Path b;

    @Option(
            names = "--flame-diff",
            paramLabel = "FILE",
            description = "With two trial directories: also write a differential flame graph (HTML), B's stacks"
                    + " coloured by how their share grew (red) or shrank (blue) from A's.")
    Path flameDiff;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "text, markdown or html (default: ${DEFAULT-VALUE}).")
    CompareFormat format;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write here instead of stdout.")
    Path output;

    @Option(
            names = "--fail-on-regression",
            paramLabel = "PERCENT",
            description = "Exit 99 when B's throughput is lower, or its p99 higher, than A's by more than this (e.g."
                    + " 5%%) and the difference is significant (Welch's t-test over the repetitions). Without"
                    + " repetitions the significance is unknown and the margin alone decides; the line says so.")
    String failOnRegression;

    @Override
    public Integer call() throws IOException {
        TrialDirs.Trial ta = TrialDirs.find(a);
        TrialDirs.Trial tb = TrialDirs.find(b);
        if ((ta == null) != (tb == null)) {
            throw new UserError("compare wants two results directories or two trial directories, got one of each: "
                    + (ta == null ? a : b) + " is a results directory");
        }
        if (ta != null) {
            if (failOnRegression != null) {
                throw new UserError("--fail-on-regression compares two results directories (their repetitions), not"
                        + " two trials");
            }
            return trials(ta, tb);
        }
        if (flameDiff != null) {
            throw new UserError(
                    "--flame-diff compares two trials: give two trial directories" + " (results/<run>/trials/<id>)");
        }
        Double margin = margin();
        ResultsDir ra = ResultsDir.load(a);
        ResultsDir rb = ResultsDir.load(b);
        Comparison c = Comparison.compare(ra.results(), rb.results(), a.toString(), b.toString());
        String out = switch (format) {
            case text -> ComparisonText.render(c, TableFormat.TEXT);
            case markdown -> ComparisonText.render(c, TableFormat.MARKDOWN);
            case html -> ComparisonHtml.render(c);
        };
        write(out);
        if (margin == null) {
            return Main.EXIT_OK;
        }
        List<Regression> found = Regression.find(c, margin);
        String marginText = failOnRegression.trim();
        PrintWriter err = spec.commandLine().getErr();
        found.forEach(r -> err.println("regression: " + r.line()));
        if (found.isEmpty()) {
            err.println("loadlab compare: no regression beyond " + marginText + " in "
                    + c.rows().size() + " compared groups");
            err.flush();
            return Main.EXIT_OK;
        }
        err.println("loadlab compare: " + found.size() + " regression" + (found.size() == 1 ? "" : "s")
                + " beyond --fail-on-regression " + marginText + "; exit " + Main.EXIT_THRESHOLDS);
        err.flush();
        return Main.EXIT_THRESHOLDS;
    }

    private Integer trials(TrialDirs.Trial ta, TrialDirs.Trial tb) throws IOException {
        boolean allocA = ProfileComparison.allocations(ta.trial());
        if (flameDiff != null && allocA != ProfileComparison.allocations(tb.trial())) {
            // a graph of allocation samples against CPU samples would draw, and mean nothing
            throw new UserError("--flame-diff needs two profiles of one kind: " + (allocA ? a : b)
                    + " sampled heap allocations (--profile=alloc), the other the CPU; profile both the same way");
        }
        ProfileComparison c =
                ProfileComparison.of(a.toString(), ta.trial(), ta.results(), b.toString(), tb.trial(), tb.results());
        String out = switch (format) {
            case text -> ProfileComparisonText.render(c, TableFormat.TEXT);
            case markdown -> ProfileComparisonText.render(c, TableFormat.MARKDOWN);
            case html -> ProfileComparisonHtml.page(c);
        };
        write(out);
        if (flameDiff != null) {
            Path ca = ProfileComparison.collapsed(ta.trial(), ta.results());
            Path cb = ProfileComparison.collapsed(tb.trial(), tb.results());
            if (ca == null || cb == null || !Files.isRegularFile(ca) || !Files.isRegularFile(cb)) {
                throw new UserError("--flame-diff needs both trials' stacks (profile.collapsed); "
                        + (ca == null || !Files.isRegularFile(ca) ? a : b) + " has none: run it with --profile");
            }
            try {
                FlameGraphs.diff(ca, cb, flameDiff, "B against A: " + b.getFileName() + " vs " + a.getFileName());
            } catch (IOException e) {
                throw new UserError("cannot write " + flameDiff + " (" + UserError.why(e) + ")");
            }
            spec.commandLine().getOut().println("wrote " + flameDiff);
        }
        return Main.EXIT_OK;
    }

    private void write(String out) {
        Output.writeAndSay(output, out, spec.commandLine().getOut());
    }

    /** The margin as a fraction, null without the flag; a p99 may grow by more than 100%, so no upper bound. */
    private Double margin() {
        if (failOnRegression == null) {
            return null;
        }
        String t = failOnRegression.trim();
        try {
            double v = Double.parseDouble(t.substring(0, t.length() - 1).trim());
            if (t.endsWith("%") && v >= 0 && Double.isFinite(v)) {
                return v / 100;
            }
        } catch (RuntimeException e) {
            // the message below says what was expected
        }
        throw new UserError(
                "--fail-on-regression: expected a percentage such as 5% or 0.5%, got '" + failOnRegression + "'");
    }
}
