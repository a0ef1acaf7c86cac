package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.core.result.VerdictDefaults;
import io.loadlab.core.unit.Percent;
import picocli.CommandLine.Option;

/**
 * How a load run's summary is shown and when the run failed, the same for {@code load}, {@code agent}, {@code k8s}
 * and {@code merge}: the latency spectrum on request, and the share of failed requests above which it exits 1.
 */
final class SummaryOptions {
    @Option(names = "--latency", description = "Print the latency percentile spectrum.")
    boolean latency;

    @Option(
            names = "--max-error-rate",
            paramLabel = "PERCENT",
            description = "Exit 1 when failed requests (every error category, unexpected statuses included) exceed"
                    + " this share of the requests, e.g. 0.1%% or 5%%. (default: 1%%, the lab's own limit)")
    String maxErrorRate;

    /** Above this share of failed requests a run failed (exit 1); a bad value is a user error naming the option. */
    Percent maxErrorRate() {
        if (maxErrorRate == null) {
            return Percent.of(VerdictDefaults.ERROR_THRESHOLD);
        }
        try {
            return Percent.parse(maxErrorRate);
        } catch (IllegalArgumentException e) {
            throw new UserError("--max-error-rate: " + e.getMessage());
        }
    }
}
