package io.loadlab.report;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.VerdictCode;
import java.util.List;

/**
 * The summary of a suite, one row per model × scenario × load level (repetitions folded into mean ± 95% CI): the
 * table {@code loadlab run} prints at the end and {@code loadlab report --format text|markdown} prints again.
 */
public final class SummaryTable {
    private SummaryTable() {}

    public static String render(SuiteResults results, TableFormat format) {
        TextTable table = new TextTable(
                "llrrrrrrrl",
                List.of(
                        "model",
                        "experiment",
                        "load",
                        "runs",
                        "req/s",
                        "p50 ms",
                        "p99 ms",
                        "errors",
                        "rejected",
                        "verdict"));
        for (TrialGroup g : TrialGroup.of(results)) {
            boolean broken = g.worst() == VerdictCode.APP_BROKEN;
            boolean measuredOnly = !broken && g.validTrials().isEmpty();
            table.add(List.of(
                    g.key().model(),
                    experiment(g.key()),
                    g.key().load() == null ? "?" : g.key().load().label(),
                    String.valueOf(g.trials().size()),
                    broken ? Numbers.DASH : Numbers.rps(measuredOnly ? g.measuredThroughput() : g.throughput()),
                    broken || measuredOnly ? Numbers.DASH : Numbers.ms(g.p50().mean()),
                    broken || measuredOnly ? Numbers.DASH : Numbers.ms(g.p99().mean()),
                    Numbers.count(g.errors()),
                    Numbers.count(g.rejections()),
                    g.worst().name()));
        }
        String title = results.suite() + " (" + results.status() + ")";
        String body = table.render(format);
        return format == TableFormat.MARKDOWN ? "### " + title + "\n\n" + body : title + "\n" + body;
    }

    /** The experiment's name as the suite gives it (e.g. {@code mix-16}), or the scenario when it has none. */
    private static String experiment(GroupKey k) {
        return k.experiment() == null || k.experiment().isBlank() ? k.scenario() : k.experiment();
    }
}
