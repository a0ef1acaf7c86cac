package io.loadlab.report;

import io.loadlab.core.result.SuiteResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The answers as plain text, for the terminal: per experiment and load level the headline, the ranking with each
 * model's warnings beside its number, the models above the SLO and the trials that are not comparable.
 */
public final class AnswerText {
    private AnswerText() {}

    /**
     * Every answer of the suite, or an empty string when no trial has finished. {@code resultsDir} is where the
     * trials' histogram logs are (null when unknown: a named request's single runs then have no windows to test).
     */
    public static String render(SuiteResults results, Path resultsDir) {
        List<ExperimentAnswer> answers = Answers.of(results, resultsDir);
        String capacity = CapacityText.render(results, resultsDir);
        if (answers.isEmpty() && capacity.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("The answer (valid trials only; each experiment's criterion)\n");
        for (ExperimentAnswer a : answers) {
            out.append('\n').append(render(a));
        }
        return out.append(capacity).toString();
    }

    static String render(ExperimentAnswer a) {
        StringBuilder out = new StringBuilder();
        out.append(a.where()).append(", ranked by ").append(a.by().describe()).append('\n');
        out.append("  ").append(a.headline()).append('\n');
        if (a.evidenceSentence() != null) {
            out.append("  ").append(a.evidenceSentence()).append('\n');
        }
        a.parity().forEach(p -> out.append("  ").append(p).append('\n'));
        if (!a.ranked().isEmpty()) {
            out.append(table(a.ranked(), 1));
        }
        if (!a.aboveSlo().isEmpty()) {
            out.append("  above the SLO (p99 > ").append(a.by().sloWords()).append("), not ranked first:\n");
            out.append(table(a.aboveSlo(), 0));
        }
        if (!a.notComparable().isEmpty()) {
            out.append("  not comparable:\n");
            a.notComparable().forEach(n -> out.append("    ").append(n.words()).append('\n'));
        }
        return out.toString();
    }

    /** Aligned rows: rank (from {@code first}; no rank column when 0), model, value, the other metric, runs, notes. */
    private static String table(List<RankedModel> models, int first) {
        boolean ranks = first > 0;
        TextTable t = ranks ? new TextTable("rlrrll") : new TextTable("lrrll");
        for (int i = 0; i < models.size(); i++) {
            RankedModel m = models.get(i);
            List<String> row = new ArrayList<>();
            if (ranks) {
                row.add((first + i) + ".");
            }
            row.addAll(
                    List.of(m.model(), m.valueWords(), m.contextWords(), m.runsWords(), String.join("; ", notes(m))));
            t.add(row);
        }
        StringBuilder out = new StringBuilder();
        t.render(TableFormat.TEXT)
                .lines()
                .skip(1)
                .forEach(l -> out.append("    ").append(l).append('\n'));
        return out.toString();
    }

    static List<String> notes(RankedModel m) {
        List<String> notes = new ArrayList<>();
        if (m.bound() != null) {
            notes.add(m.bound());
        }
        notes.addAll(m.warningWords());
        return notes;
    }
}
