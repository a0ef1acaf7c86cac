package io.loadlab.cli;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.Repetitions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The end-of-suite table: one row per trial, the verdict's code word as is, then repetitions' means. */
final class RunSummary {
    private RunSummary() {}

    static void print(SuiteResults r, Path dir, PrintWriter out) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"model", "scenario", "load", "req/s", "p50 ms", "p99 ms", "errors", "verdict"});
        for (TrialResult t : r.trials()) {
            rows.add(row(t));
        }
        out.println();
        printTable(rows, out);
        if (r.trials().stream().anyMatch(t -> t.repetition() > 1)) {
            out.println();
            out.println("Repetitions (valid trials only, 95% confidence interval):");
            for (Repetitions.Summary s : Repetitions.summarise(r.trials())) {
                out.printf(
                        Locale.ROOT,
                        "  %-22s %-12s %-10s %s (%d of %d valid)%n",
                        s.model(),
                        s.experiment(),
                        s.level().label(),
                        s.n() == 0
                                ? "—"
                                : Double.isNaN(s.halfWidth())
                                        ? String.format(Locale.ROOT, "%.0f req/s", s.meanRps())
                                        : String.format(Locale.ROOT, "%.0f ± %.0f req/s", s.meanRps(), s.halfWidth()),
                        s.n(),
                        s.of());
            }
        }
        for (TrialResult t : r.trials()) {
            VerdictCode worst = t.worstVerdict();
            if (worst != VerdictCode.OK) {
                t.verdicts().stream()
                        .filter(v -> v.code() != VerdictCode.OK)
                        .forEach(v -> out.println("  " + t.id() + " " + v.code() + ": " + v.reason()));
            }
        }
        out.println();
        out.println("Suite " + r.suite() + ": " + r.status() + ", " + r.trials().size() + " trials.");
        Path report = dir.resolve("report.html");
        out.println(
                java.nio.file.Files.exists(report) ? "Report: " + report : "Results: " + dir.resolve("results.json"));
        out.flush();
    }

    static String[] row(TrialResult t) {
        VerdictCode worst = t.worstVerdict();
        String scenario = t.experiment().equals(t.scenario()) ? t.scenario() : t.experiment();
        if (t.load() == null || worst == VerdictCode.APP_BROKEN) {
            return new String[] {t.model(), scenario, t.loadLevel().label(), "—", "—", "—", "—", worst.name()};
        }
        var l = t.load();
        long failed = l.errors() == null ? 0 : l.errors().total() - t.rejections();
        long all = Math.max(1, l.requests());
        String errors = String.format(Locale.ROOT, "%.1f%%", 100.0 * failed / all)
                + (t.rejections() > 0 ? String.format(Locale.ROOT, " +%.1f%% 503", 100.0 * t.rejections() / all) : "");
        return new String[] {
            t.model(),
            scenario,
            t.loadLevel().label(),
            String.format(Locale.ROOT, "%.0f", l.throughputRps()),
            String.format(Locale.ROOT, "%.2f", l.latencyMs().p50()),
            String.format(Locale.ROOT, "%.2f", l.latencyMs().p99()),
            errors,
            worst.name()
        };
    }

    static void printTable(List<String[]> rows, PrintWriter out) {
        int[] w = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                boolean numeric = i >= 3 && i <= 6;
                String cell =
                        numeric ? " ".repeat(w[i] - r[i].length()) + r[i] : r[i] + " ".repeat(w[i] - r[i].length());
                b.append(i == 0 ? "" : "  ").append(cell);
            }
            out.println(b.toString().stripTrailing());
        }
    }
}
