package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.report.Comparison;
import io.loadlab.report.ComparisonHtml;
import io.loadlab.report.ComparisonText;
import io.loadlab.report.Format;
import io.loadlab.report.ResultsDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
                    + " t-test over the repetitions. Unmatched trials are listed."
        })
final class CompareCommand implements Callable<Integer> {
    enum CompareFormat {
        text,
        markdown,
        html
    }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "The baseline results directory.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The results directory judged against A.")
    Path b;

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

    @Override
    public Integer call() throws IOException {
        ResultsDir ra = ResultsDir.load(a);
        ResultsDir rb = ResultsDir.load(b);
        Comparison c = Comparison.compare(ra.results(), rb.results(), a.toString(), b.toString());
        String out = switch (format) {
            case text -> ComparisonText.render(c, Format.TEXT);
            case markdown -> ComparisonText.render(c, Format.MARKDOWN);
            case html -> ComparisonHtml.render(c);
        };
        if (output == null) {
            spec.commandLine().getOut().print(out);
            spec.commandLine().getOut().flush();
        } else {
            try {
                Files.writeString(output, out);
            } catch (IOException e) {
                throw new UserError("cannot write " + output + ": " + e.getMessage());
            }
            spec.commandLine().getOut().println("wrote " + output);
        }
        return Main.EXIT_OK;
    }
}
