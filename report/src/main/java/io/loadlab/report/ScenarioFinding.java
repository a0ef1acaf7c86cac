package io.loadlab.report;

import io.loadlab.core.Defaults;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.TrialResult;
import io.loadlab.report.stats.WelchTest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The one-paragraph "what this means" of a scenario: the best valid model at the highest load level where at least
 * two models were measured validly, by how much it beat the runner-up and whether that is significant; plateaus
 * explained by their ceiling; the models that could not be ranked and why.
 */
final class ScenarioFinding {
    private ScenarioFinding() {}

    static String of(Scenario s) {
        List<String> sentences = new ArrayList<>();
        winner(s, sentences);
        plateaus(s, sentences);
        unranked(s, sentences);
        return sentences.isEmpty() ? "No trial of this scenario was measured." : String.join(" ", sentences);
    }

    private static void winner(Scenario s, List<String> out) {
        List<LoadLevel> loads = new ArrayList<>(s.loads());
        for (int i = loads.size() - 1; i >= 0; i--) {
            LoadLevel load = loads.get(i);
            List<TrialGroup> ranked = s.groups().stream()
                    .filter(g -> g.key().load().equals(load) && g.valid())
                    .sorted(Comparator.comparingDouble(
                                    (TrialGroup g) -> g.throughput().mean())
                            .reversed())
                    .toList();
            if (ranked.isEmpty() || (ranked.size() < 2 && s.models().size() > 1 && i > 0)) {
                continue;
            }
            TrialGroup best = ranked.get(0);
            if (ranked.size() == 1) {
                out.add(String.format(
                        Locale.ROOT,
                        "At %s only %s gave a valid result: %s req/s.",
                        load.label(),
                        best.key().model(),
                        Fmt.rps(best.throughput().mean())));
                return;
            }
            TrialGroup second = ranked.get(1);
            double ratio = best.throughput().mean() / second.throughput().mean();
            out.add(String.format(
                    Locale.ROOT,
                    "At %s, %s served the most: %s req/s, %s than %s (%s req/s); %s.",
                    load.label(),
                    best.key().model(),
                    Fmt.rps(best.throughput().mean()),
                    ratio >= 1.995
                            ? String.format(Locale.ROOT, "%.1f× more", ratio)
                            : String.format(Locale.ROOT, "%.0f%% more", (ratio - 1) * 100),
                    second.key().model(),
                    Fmt.rps(second.throughput().mean()),
                    significance(best, second)));
            return;
        }
    }

    private static String significance(TrialGroup a, TrialGroup b) {
        if (!a.throughput().repeated() || !b.throughput().repeated()) {
            return "single run: significance unknown";
        }
        WelchTest w = WelchTest.of(a.throughput(), b.throughput());
        return w.significant(Defaults.CONFIDENCE)
                ? "significant (Welch " + Fmt.p(w.p()) + ")"
                : "not a significant difference (Welch " + Fmt.p(w.p()) + ")";
    }

    /** A model plateaus when its ceiling did not grow with the load and it reached 90% of it at the top two loads. */
    private static void plateaus(Scenario s, List<String> out) {
        for (String model : s.models()) {
            List<TrialGroup> valid =
                    s.groupsOf(model).stream().filter(TrialGroup::valid).toList();
            if (valid.size() < 2) {
                continue;
            }
            TrialGroup top = valid.get(valid.size() - 1);
            TrialGroup below = valid.get(valid.size() - 2);
            Double ceiling = ceiling(top);
            Double ceilingBelow = ceiling(below);
            if (ceiling != null
                    && ceiling.equals(ceilingBelow)
                    && top.throughput().mean() >= 0.9 * ceiling
                    && below.throughput().mean() >= 0.9 * ceiling) {
                String why = top.trials().get(0).ceiling().explanation();
                out.add(String.format(
                        Locale.ROOT,
                        "%s plateaus at %s req/s%s.",
                        model,
                        Fmt.rps(ceiling),
                        why == null || why.isBlank() ? "" : " = " + why));
            }
        }
    }

    private static Double ceiling(TrialGroup g) {
        TrialResult t = g.trials().get(0);
        return t.ceiling() == null ? null : t.ceiling().rps();
    }

    private static void unranked(Scenario s, List<String> out) {
        List<String> notes = new ArrayList<>();
        for (TrialGroup g : s.groups()) {
            if (!g.valid()) {
                notes.add(g.key().model() + " at " + g.key().load().label() + " (" + g.worst() + ")");
            }
        }
        if (!notes.isEmpty()) {
            out.add("Not ranked: " + String.join(", ", notes) + ".");
        }
    }
}
