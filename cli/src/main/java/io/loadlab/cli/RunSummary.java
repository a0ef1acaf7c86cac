package io.loadlab.cli;

import io.loadlab.core.Printable;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.report.AnswerText;
import io.loadlab.report.SummaryTable;
import io.loadlab.report.TableFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The end of a suite: the answer of each experiment and load level first (the report's own, so terminal and report
 * say the same), then the summary table (verdict code words as is), every finding with its reason, the paths; what
 * a server sent is printed with its control characters escaped ({@link Printable}).
 */
final class RunSummary {
    private RunSummary() {}

    /** Prints the answers, the summary table, the findings and the paths. */
    static void print(SuiteResults r, Path dir, Path report, PrintWriter out) {
        // results.json holds escaped text already; escaping again here keeps older results' raw bytes inert too
        String answers = Printable.escape(AnswerText.render(r, dir));
        if (!answers.isEmpty()) {
            out.println();
            out.print(answers);
        }
        out.println();
        out.print(Printable.escape(SummaryTable.render(r, TableFormat.TEXT)));
        out.println();
        for (TrialResult t : r.trials()) {
            t.verdicts().stream()
                    .filter(v -> v.code() != VerdictCode.OK)
                    .forEach(v -> out.println("  " + t.id() + " " + v.code() + ": " + Printable.oneLine(v.reason())));
        }
        if (r.notes() != null) {
            r.notes().forEach(n -> out.println("  note: " + Printable.oneLine(n)));
        }
        out.println();
        out.println("Suite " + r.suite() + ": " + r.status() + ", " + r.trials().size() + " trials.");
        out.println("Results: " + dir.resolve("results.json"));
        if (report != null) {
            out.println("Report:  " + report);
        }
        out.flush();
    }

    static String[] row(TrialResult t) {
        VerdictCode worst = t.worstVerdict();
        String scenario = t.key().experiment().equals(t.key().scenario())
                ? t.key().scenario()
                : t.key().experiment();
        if (t.load() == null || worst == VerdictCode.APP_BROKEN) {
            return new String[] {t.key().model(), scenario, t.key().load().label(), "—", "—", "—", "—", worst.name()};
        }
        var l = t.load();
        long failed = l.errors() == null ? 0 : l.errors().total() - t.rejections();
        long all = Math.max(1, l.requests());
        String errors = String.format(Locale.ROOT, "%.1f%%", 100.0 * failed / all)
                + (t.rejections() > 0 ? String.format(Locale.ROOT, " +%.1f%% 503", 100.0 * t.rejections() / all) : "");
        return new String[] {
            t.key().model(),
            scenario,
            t.key().load().label(),
            String.format(Locale.ROOT, "%.0f", l.throughput().rps()),
            String.format(Locale.ROOT, "%.2f", l.latencyMs().p50()),
            String.format(Locale.ROOT, "%.2f", l.latencyMs().p99()),
            errors,
            worst.name()
        };
    }
}
