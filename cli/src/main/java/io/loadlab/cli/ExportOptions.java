package io.loadlab.cli;

import io.loadlab.core.UserError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What {@code loadlab load} writes for machines besides the summary for people: the report as JSON or CSV, the
 * histogram log and the CI gate. These belong to the whole run, so its load agents never get them.
 */
final class ExportOptions {
    @Option(
            names = "--json",
            paramLabel = "FILE",
            description = "Write the report as JSON (docs/load-json.md); '-' writes it to stdout, and the human"
                    + " summary goes to stderr.")
    Path json;

    @Option(
            names = "--csv",
            paramLabel = "FILE",
            description = "Write the summary as CSV: a row for the run, then one per request class (docs/load-json.md);"
                    + " '-' writes it to stdout, and the human summary goes to stderr.")
    Path csv;

    @Mixin
    GateOptions gate;

    @Option(
            names = "--hlog",
            paramLabel = "FILE",
            description = "Write an HdrHistogram interval log (microseconds, one interval per second).")
    Path hlog;

    /** Refuses, before any load, an export file that could not be written when the run ends. */
    void checkWritable() {
        Output.checkWritable("--json", json);
        Output.checkWritable("--csv", csv);
        Output.checkWritable("--junit", gate.junit);
        Output.checkWritable("--hlog", hlog);
    }

    /** True when an export goes to stdout; at most one may, or their text would interleave. */
    boolean machineOutputOnStdout() {
        List<String> onStdout = new ArrayList<>();
        if (Output.isStdout(json)) {
            onStdout.add("--json");
        }
        if (Output.isStdout(csv)) {
            onStdout.add("--csv");
        }
        if (Output.isStdout(gate.junit)) {
            onStdout.add("--junit");
        }
        if (onStdout.size() > 1) {
            throw new UserError(String.join(" and ", onStdout)
                    + " both write to stdout ('-'); give all but one of them a file name");
        }
        return !onStdout.isEmpty();
    }
}
