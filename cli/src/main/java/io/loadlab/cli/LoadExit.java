package io.loadlab.cli;

import io.loadlab.core.Json;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Percent;
import io.loadlab.report.export.LoadCsv;
import io.loadlab.report.gate.Threshold;
import io.loadlab.report.gate.ThresholdResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * How a {@code loadlab load} run ends, whole or merged from agents: the summary for people, the thresholds, the
 * exports, and the exit status (1, a run that failed outright, outranks 99, a missed threshold).
 */
final class LoadExit {
    private final LoadConsole console;
    private final ExportOptions exports;
    private final List<Threshold> thresholds;
    private final String url;
    private final Percent maxErrorRate;

    LoadExit(LoadConsole console, ExportOptions exports, List<Threshold> thresholds, String url, Percent maxErrorRate) {
        this.console = console;
        this.exports = exports;
        this.thresholds = thresholds;
        this.url = url;
        this.maxErrorRate = maxErrorRate;
    }

    /** Shows {@code summary}, checks the thresholds, writes the exports; returns the exit status. */
    int finish(LoadReport report, String summary) {
        PrintWriter out = console.out();
        PrintWriter err = console.err();
        out.print(summary);
        List<ThresholdResult> checked = Threshold.checkAll(thresholds, report);
        if (!checked.isEmpty()) {
            out.println("Thresholds:");
            checked.forEach(c -> out.println(c.line()));
        }
        out.flush();
        if (exports.json != null) {
            Output.write(exports.json, Json.writePretty(report) + "\n", console.stdout());
        }
        if (exports.csv != null) {
            Output.write(exports.csv, LoadCsv.render(report), console.stdout());
        }
        String failure = failure(report, maxErrorRate);
        if (exports.gate.junit != null) {
            Output.write(exports.gate.junit, LoadGate.junit(url, failure, checked), console.stdout());
        }
        if (failure != null) {
            err.println("loadlab load: " + failure);
            err.flush();
            return Main.EXIT_FAILED;
        }
        String missed = LoadGate.failure(checked);
        if (missed != null) {
            err.println("loadlab load: " + missed);
            err.flush();
            return Main.EXIT_THRESHOLDS;
        }
        return Main.EXIT_OK;
    }

    /** Why the run failed in a way a script must notice (exit 1), or null when it did not. */
    static String failure(LoadReport r, Percent maxErrorRate) {
        if (r.successes() == 0) {
            List<String> why = r.errors().describe();
            long waiting = r.unfinished() == null ? 0 : r.unfinished().count();
            return "no request succeeded ("
                    + (why.isEmpty() ? "no response at all" : String.join(", ", why))
                    + (waiting > 0 ? "; " + waiting + " still unanswered when the window closed" : "")
                    + "); exit 1";
        }
        if (r.errorRate() > maxErrorRate.fraction()) {
            return String.format(
                            Locale.ROOT,
                            "%.2f%% of the requests failed, above --max-error-rate %s (",
                            r.errorRate() * 100,
                            maxErrorRate)
                    + String.join(", ", r.errors().describe()) + "); exit 1";
        }
        return null;
    }
}
