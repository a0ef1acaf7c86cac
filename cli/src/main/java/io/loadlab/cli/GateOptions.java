package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.report.gate.Threshold;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * CI gates shared by {@code load} and {@code run}: {@code --threshold} criteria (k6's grammar) whose failure ends the
 * command with {@link Main#EXIT_THRESHOLDS}, and {@code --junit} for CI dashboards.
 */
final class GateOptions {
    @Option(
            names = "--threshold",
            paramLabel = "EXPR",
            description = "A pass/fail criterion, repeatable: p50|p75|p90|p99|p99.9|p99.99|mean|max<DURATION,"
                    + " errors<PERCENT, rps>RATE, per request class NAME:p99<150ms; operators < <= > >= == !=."
                    + " Any failure exits 99 (docs/thresholds.md).")
    List<String> thresholds = new ArrayList<>();

    @Option(
            names = "--junit",
            paramLabel = "FILE",
            description = "Write JUnit XML for CI dashboards: one testcase per threshold (and one for the run's own"
                    + " success); '-' writes it to stdout.")
    Path junit;

    /** The parsed thresholds; a mistake is a usage error naming the flag. */
    List<Threshold> parsed() {
        try {
            return Threshold.parseAll(thresholds);
        } catch (IllegalArgumentException e) {
            throw new UserError("--threshold " + e.getMessage());
        }
    }
}
