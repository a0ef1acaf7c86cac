package io.loadlab.report;

import io.loadlab.core.result.SuiteResults;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Run B against run A, group by group (experiment, model, scenario, load level): throughput and p99 differences,
 * called significant by Welch's t-test over the repetitions at the confidence of {@code VerdictDefaults.CONFIDENCE}.
 */
public record Comparison(
        String nameA, String nameB, List<ComparisonRow> rows, List<GroupKey> onlyInA, List<GroupKey> onlyInB) {

    public static Comparison compare(SuiteResults a, SuiteResults b) {
        return compare(a, b, a.suite() + " A", b.suite() + " B");
    }

    public static Comparison compare(SuiteResults a, SuiteResults b, String nameA, String nameB) {
        Map<GroupKey, TrialGroup> inB = new LinkedHashMap<>();
        for (TrialGroup g : TrialGroup.of(b)) {
            inB.put(g.key(), g);
        }
        List<ComparisonRow> rows = new ArrayList<>();
        List<GroupKey> onlyInA = new ArrayList<>();
        for (TrialGroup ga : TrialGroup.of(a)) {
            TrialGroup gb = inB.remove(ga.key());
            if (gb == null) {
                onlyInA.add(ga.key());
            } else {
                rows.add(row(ga, gb));
            }
        }
        return new Comparison(nameA, nameB, List.copyOf(rows), List.copyOf(onlyInA), List.copyOf(inB.keySet()));
    }

    private static ComparisonRow row(TrialGroup a, TrialGroup b) {
        String why = unusable("A", a);
        if (why == null) {
            why = unusable("B", b);
        }
        if (why != null) {
            return new ComparisonRow(a.key(), a, b, null, null, why);
        }
        return new ComparisonRow(
                a.key(), a, b, Change.of(a.throughput(), b.throughput(), true), Change.of(a.p99(), b.p99(), false), "");
    }

    private static String unusable(String side, TrialGroup g) {
        if (g.validTrials().isEmpty()) {
            return side + ": " + g.worst() + (g.reason() == null ? "" : " — " + g.reason());
        }
        return null;
    }
}
