package io.loadlab.report;

import io.loadlab.core.Printable;
import io.loadlab.core.UserError;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.VerdictCode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One generated table of docs/findings, drawn from a results directory only, so that a page's figures can be redrawn
 * and checked against the run they quote: {@code summary} (the answers and the summary table, as {@code loadlab report
 * --format markdown} prints them), {@code published} (each published figure beside this run's) and {@code trials}
 * (one row per trial, with the dependencies' CPU and the database's evidence where there is any).
 */
public final class FindingsTable {
    /** The table names a marker may ask for. */
    public static final List<String> NAMES = List.of("summary", "published", "trials", "runs");

    private FindingsTable() {}

    /**
     * The table {@code name} of {@code runs}, in Markdown, ending with a newline: {@code runs} takes one run or more
     * (one row each, linked from {@code page}, the file the table goes in), every other table exactly one.
     */
    public static String render(String name, List<ResultsDir> runs, Path page) {
        if (!name.equals("runs") && runs.size() != 1) {
            throw new UserError("the findings table '" + name + "' takes one run, not " + runs.size());
        }
        String text = switch (name) {
            case "summary" -> summary(runs.get(0));
            case "published" -> published(runs.get(0).results());
            case "trials" -> trials(runs.get(0).results());
            case "runs" -> runs(runs, page);
            default ->
                throw new UserError("no findings table named '" + name + "' (known: " + String.join(", ", NAMES) + ")");
        };
        return Printable.escape(text);
    }

    /** One row per run: when it started, how long the suite took, at which commit, and how many trials were valid. */
    private static String runs(List<ResultsDir> runs, Path page) {
        TextTable table = new TextTable(
                "lllrrrl",
                List.of("suite", "commit", "started (UTC)", "took", "repetitions", "valid trials", "results"));
        for (ResultsDir run : runs) {
            SuiteResults r = run.results();
            Path json = page.toAbsolutePath()
                    .getParent()
                    .relativize(run.dir().toAbsolutePath().resolve(ResultsDir.RESULTS));
            String commit = run.environment() == null || run.environment().gitCommit() == null
                    ? Numbers.DASH
                    : run.environment()
                            .gitCommit()
                            .substring(
                                    0, Math.min(7, run.environment().gitCommit().length()));
            Object reps = r.settings() == null ? null : r.settings().get("repetitions");
            table.add(List.of(
                    r.suite(),
                    commit,
                    r.startedAt() == null
                            ? Numbers.DASH
                            : r.startedAt()
                                    .substring(0, Math.min(16, r.startedAt().length()))
                                    .replace('T', ' '),
                    RunTimes.took(r.startedAt(), r.finishedAt()),
                    reps == null ? Numbers.DASH : String.valueOf(((Number) reps).intValue()),
                    r.trials().stream().filter(TrialResult::valid).count() + " of "
                            + r.trials().size(),
                    "[" + run.dir().getFileName() + "](" + json.toString().replace('\\', '/') + ")"));
        }
        return table.render(TableFormat.MARKDOWN);
    }

    private static String summary(ResultsDir run) {
        String answer = AnswerText.render(run.results(), run.dir());
        return "```text\n" + answer.stripTrailing() + "\n```\n\n"
                + SummaryTable.render(run.results(), TableFormat.MARKDOWN);
    }

    /** Every published figure × metric with this run's mean of the valid trials, and the ratio. */
    private static String published(SuiteResults results) {
        TextTable table = new TextTable(
                "llllrrrl",
                List.of(
                        "experiment",
                        "published setup",
                        "model here",
                        "load",
                        "published",
                        "this run",
                        "ratio",
                        "note"));
        for (ExperimentInfo e : results.experiments()) {
            if (e.published() == null) {
                continue;
            }
            for (PublishedHtml.Row r : PublishedHtml.rows(e, results.trials())) {
                String request =
                        r.figure().request() == null ? "" : ", " + r.figure().request() + " only";
                table.add(List.of(
                        e.name(),
                        r.figure().setup() == null ? Numbers.DASH : r.figure().setup(),
                        r.figure().model() == null ? Numbers.DASH : r.figure().model(),
                        r.figure().load().label() + request,
                        PublishedHtml.exact(r.published()) + " " + r.metric(),
                        Double.isNaN(r.measured())
                                ? invalid(e, r, results.trials())
                                : PublishedHtml.measuredWords(e, r),
                        Double.isNaN(r.ratio()) ? Numbers.DASH : String.format(Locale.ROOT, "%.2f×", r.ratio()),
                        r.figure().note() == null ? "" : r.figure().note()));
            }
        }
        return table.render(TableFormat.MARKDOWN);
    }

    /**
     * This run's words where no valid trial measured a published figure: the measured throughput as a lower bound
     * ("≥") when the load generator saturated, and each trial's worst verdict.
     */
    private static String invalid(ExperimentInfo e, PublishedHtml.Row r, List<TrialResult> trials) {
        List<TrialResult> mine = trials.stream()
                .filter(t -> r.figure().model() != null
                        && e.name().equals(t.key().experiment())
                        && r.figure().model().equals(t.key().model())
                        && r.figure().load().equals(t.key().load())
                        && t.load() != null)
                .toList();
        if (mine.isEmpty()) {
            return PublishedHtml.measuredWords(e, r);
        }
        List<String> words = new ArrayList<>();
        for (TrialResult t : mine) {
            boolean bound = t.worstVerdict() == VerdictCode.LOADGEN_SATURATED
                    && r.metric().equals("req/s")
                    && r.figure().request() == null;
            words.add((bound ? "≥ " + Numbers.rps(t.load().throughput().rps()) : Numbers.DASH) + " ("
                    + t.worstVerdict().name() + ")");
        }
        return String.join(", ", words);
    }

    /** One row per trial; "≥" marks a number the load generator bounded, a server CPU column and one per dependency. */
    private static String trials(SuiteResults results) {
        List<String> roles = dependencyRoles(results);
        boolean database = results.trials().stream()
                .anyMatch(t -> t.dependencies() != null && t.dependencies().database() != null);
        List<String> headers = new ArrayList<>(List.of("experiment", "model", "load", "req/s", "p99 ms", "server CPU"));
        StringBuilder align = new StringBuilder("lllrrr");
        roles.forEach(r -> headers.add(r + " CPU"));
        align.append("r".repeat(roles.size()));
        boolean mix = results.trials().stream().anyMatch(t -> !shares(t).isEmpty());
        if (mix) {
            headers.add("mix (realized)");
            align.append('l');
        }
        boolean failures = results.trials().stream().anyMatch(t -> errors(t) > 0 || t.rejections() > 0);
        if (failures) {
            headers.addAll(List.of("errors", "`503`s"));
            align.append("rr");
        }
        if (database) {
            headers.addAll(List.of("rows added", "`201`s", "TLS connections"));
            align.append("rrr");
        }
        headers.add("verdict");
        TextTable table = new TextTable(align.append('l').toString(), headers);
        for (TrialResult t : results.trials()) {
            List<String> row = new ArrayList<>();
            row.add(t.key().experiment() == null ? t.key().scenario() : t.key().experiment());
            row.add(t.key().model());
            row.add(t.key().load() == null ? "?" : t.key().load().label());
            row.add(throughput(t));
            row.add(t.valid() ? Numbers.ms(t.load().latencyMs().p99()) : Numbers.DASH);
            row.add(cpu(t, "server"));
            roles.forEach(r -> row.add(cpu(t, r)));
            if (mix) {
                row.add(shares(t).isEmpty() ? Numbers.DASH : shares(t));
            }
            if (failures) {
                row.add(Numbers.count(errors(t)));
                row.add(Numbers.count(t.rejections()));
            }
            if (database) {
                DependencyWork.Database d =
                        t.dependencies() == null ? null : t.dependencies().database();
                row.add(d == null ? Numbers.DASH : Numbers.count(d.rowsAdded()));
                row.add(
                        t.load() == null || t.load().statusCodes() == null
                                ? Numbers.DASH
                                : Numbers.count(t.load().statusCodes().getOrDefault("201", 0L)));
                row.add(d == null || d.sslConnections() == null ? Numbers.DASH : String.valueOf(d.sslConnections()));
            }
            row.add(t.worstVerdict().name());
            table.add(row);
        }
        return table.render(TableFormat.MARKDOWN);
    }

    /** Each named request's realized share of the mix, "read 80% · write 20%"; empty for a single request. */
    private static String shares(TrialResult t) {
        if (t.load() == null
                || t.load().perRequest() == null
                || t.load().perRequest().size() < 2) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        t.load().perRequest().forEach((name, r) -> {
            if (r.share() != null) {
                parts.add(
                        String.format(Locale.ROOT, "%s %.0f%%", name, r.share().realized() * 100));
            }
        });
        return String.join(" · ", parts);
    }

    private static long errors(TrialResult t) {
        return t.load() == null || t.load().errors() == null
                ? 0
                : t.load().errors().total();
    }

    private static String throughput(TrialResult t) {
        if (t.load() == null) {
            return Numbers.DASH;
        }
        String rps = Numbers.rps(t.load().throughput().rps());
        return t.worstVerdict() == VerdictCode.LOADGEN_SATURATED ? "≥ " + rps : rps;
    }

    /** The processes besides the server and the load generator that the trials sampled (backend, postgres). */
    private static List<String> dependencyRoles(SuiteResults results) {
        return results.trials().stream()
                .filter(t -> t.resources() != null && t.resources().processes() != null)
                .flatMap(t -> t.resources().processes().stream())
                .map(ProcessSeries::role)
                .filter(r -> !r.equals("server") && !r.equals("loadgen"))
                .distinct()
                .sorted()
                .toList();
    }

    private static String cpu(TrialResult t, String role) {
        ProcessSeries p = t.resources() == null ? null : t.resources().process(role);
        return p == null ? Numbers.DASH : String.format(Locale.ROOT, "%.2f", p.cpuMean());
    }
}
