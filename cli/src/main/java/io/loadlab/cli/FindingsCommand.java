package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.report.FindingsDocs;
import io.loadlab.report.FindingsDocs.Page;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loadlab findings}: redraws the generated tables of docs/findings.md and docs/findings/*.md from their runs. */
@Command(
        name = "findings",
        mixinStandardHelpOptions = true,
        description = {
            "Redraw the tables of docs/findings.md and docs/findings/*.md from the results.json files checked in under"
                    + " docs/findings/ (the regions between <!-- table:SUITE:NAME --> and <!-- /table -->); the prose"
                    + " around them is left as written. tools/findings.sh reruns the seed suites first.",
            "Exit status: 0 when the pages are (now) current; with --check, 1 when a table differs from its run."
        })
final class FindingsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--docs",
            paramLabel = "DIR",
            defaultValue = "docs",
            description = "The docs directory holding findings.md and findings/ (default: ${DEFAULT-VALUE}).")
    Path docs;

    @Option(names = "--check", description = "Write nothing; list the pages whose tables differ from their runs.")
    boolean check;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(docs.resolve(FindingsDocs.RUNS + ".md"))) {
            throw new UserError("no " + FindingsDocs.RUNS + ".md in " + docs + " (give the project's docs directory)");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<Page> changed = check
                ? FindingsDocs.regenerate(docs).stream().filter(Page::stale).toList()
                : FindingsDocs.write(docs);
        changed.forEach(p -> out.println((check ? "differs from its run: " : "redrawn: ") + p.file()));
        if (changed.isEmpty()) {
            out.println("findings: every table matches its results.json");
        }
        out.flush();
        return check && !changed.isEmpty() ? Main.EXIT_FAILED : Main.EXIT_OK;
    }
}
