package io.loadlab.cli;

import io.loadlab.core.Printable;
import io.loadlab.report.AnswerText;
import io.loadlab.report.ReportWriter;
import io.loadlab.report.ResultsDir;
import io.loadlab.report.SummaryTable;
import io.loadlab.report.TableFormat;
import io.loadlab.report.export.OpenMetrics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = {
            "Draw the HTML report (or a text/markdown table, or OpenMetrics text) from a results directory.",
            "html writes RESULTS_DIR/report.html (one file that opens offline); text and markdown print the summary"
                    + " table to stdout; openmetrics prints each trial's throughput, latency quantiles, requests,"
                    + " errors and verdict for a dashboard (docs/report.md)."
        })
final class ReportCommand implements Callable<Integer> {
    enum ReportFormat {
        html,
        text,
        markdown,
        openmetrics
    }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "A directory written by 'loadlab run'.")
    Path dir;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "html",
            description = "html, text, markdown or openmetrics (default: ${DEFAULT-VALUE}).")
    ReportFormat format;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write here instead (html: default RESULTS_DIR/report.html; the others: default stdout).")
    Path output;

    @Override
    public Integer call() throws IOException {
        ResultsDir results = ResultsDir.load(dir);
        if (format == ReportFormat.html) {
            Path written = ReportWriter.write(dir, output != null ? output : dir.resolve(ResultsDir.REPORT));
            spec.commandLine().getOut().println("report: " + written);
            return Main.EXIT_OK;
        }
        if (format == ReportFormat.openmetrics) {
            emit(OpenMetrics.render(results.results()), output);
            return Main.EXIT_OK;
        }
        String table = SummaryTable.render(
                results.results(), format == ReportFormat.text ? TableFormat.TEXT : TableFormat.MARKDOWN);
        String answer = AnswerText.render(results.results(), dir);
        if (format == ReportFormat.markdown) {
            answer = "```text\n" + answer.stripTrailing() + "\n```\n"; // aligned columns; Markdown would reflow them
        }
        emit(Printable.escape(answer + "\n" + table), output);
        return Main.EXIT_OK;
    }

    private void emit(String text, Path file) {
        Output.writeAndSay(file, text, spec.commandLine().getOut());
    }
}
