package io.loadlab.report;

import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.TrialResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The answer of one experiment at one load level, as the terminal summary and the report open with it: the best
 * model among the valid trials by the experiment's criterion, the runner-up, whether the lead is significant and,
 * when it is not, what else separates them; valid models whose p99 broke the criterion's SLO; and the invalid
 * trials, not comparable, with their reason. Both renderings ({@link AnswerText}, {@link AnswerHtml}) use the
 * sentences built here, so the two say the same thing.
 *
 * @param ranked valid models within the SLO (if any), best first
 * @param aboveSlo valid models whose p99 exceeded the criterion's SLO, best first
 * @param significance the test of the best against the runner-up; null with fewer than two ranked models
 * @param evidence what separates the best and the runner-up when their lead is not significant
 * @param parity the {@code PARITY} warnings: settings in which the models differ that are none's own knob
 */
record ExperimentAnswer(
        String experiment,
        String title,
        LoadLevel load,
        RankBy by,
        List<RankedModel> ranked,
        List<RankedModel> aboveSlo,
        List<NotComparable> notComparable,
        Significance significance,
        List<String> evidence,
        List<String> parity) {

    static ExperimentAnswer of(String experiment, String title, LoadLevel load, List<TrialGroup> groups, RankBy by) {
        List<RankedModel> ranked = new ArrayList<>();
        List<RankedModel> above = new ArrayList<>();
        List<NotComparable> invalid = new ArrayList<>();
        for (TrialGroup g : groups) {
            List<TrialResult> valid = g.validTrials();
            List<TrialResult> bad = g.trials().stream().filter(t -> !t.valid()).toList();
            if (!bad.isEmpty()) {
                invalid.add(NotComparable.of(g.key().model(), bad, g.trials().size()));
            }
            RankedModel m = valid.isEmpty()
                    ? null
                    : RankedModel.of(g.key().model(), valid, g.trials().size(), by);
            if (m == null || m.value().n() == 0) {
                continue;
            }
            boolean over = by.sloMs() != null && m.p99().mean() > by.sloMs();
            (over ? above : ranked).add(m);
        }
        Comparator<RankedModel> order =
                Comparator.comparingDouble(m -> m.value().mean());
        if (!by.byP99()) {
            order = order.reversed();
        }
        ranked.sort(order);
        above.sort(order);
        Significance sig = ranked.size() < 2 ? null : Significance.of(ranked.get(0), ranked.get(1), by);
        List<String> evidence =
                sig == null || sig.significant() ? List.of() : TieEvidence.of(ranked.get(0), ranked.get(1), by);
        return new ExperimentAnswer(
                experiment,
                title,
                load,
                by,
                List.copyOf(ranked),
                List.copyOf(above),
                List.copyOf(invalid),
                sig,
                evidence,
                ParityWarnings.of(groups));
    }

    RankedModel best() {
        return ranked.isEmpty() ? null : ranked.get(0);
    }

    RankedModel runnerUp() {
        return ranked.size() < 2 ? null : ranked.get(1);
    }

    /** True when the best leads the runner-up significantly. */
    boolean decided() {
        return significance != null && significance.significant();
    }

    /** "rxjava-servers · delay-100ms at 1000 conn". */
    String where() {
        return title + " at " + load.label();
    }

    /** The one sentence an engineer acts on. */
    String headline() {
        RankedModel best = best();
        RankedModel second = runnerUp();
        if (best == null) {
            if (!aboveSlo.isEmpty()) {
                RankedModel closest = aboveSlo.get(0);
                return String.format(
                        Locale.ROOT,
                        "No valid trial kept p99 ≤ %s; the most served was %s by %s (%s).",
                        by.sloWords(),
                        by.format(closest.value().mean()),
                        closest.model(),
                        closest.contextWords());
            }
            return "No valid trial at this load: nothing can be ranked.";
        }
        if (second == null) {
            return "Only " + best.model() + " gave a valid result" + (by.sloMs() == null ? "" : " within the SLO")
                    + ": " + best.valueWords() + ".";
        }
        String lead = best.model() + " " + verb() + ": " + best.valueWords() + ", " + lead(best, second) + " than "
                + second.model() + " (" + by.format(second.value().mean()) + ")";
        if (significance.known() && !significance.significant()) {
            return lead + ", but the two are " + significance.words() + ".";
        }
        return lead + " — " + significance.words() + ".";
    }

    /** "What separates them: ..." when the lead is not significant, else null. */
    String evidenceSentence() {
        if (significance == null || significance.significant()) {
            return null;
        }
        if (evidence.isEmpty()) {
            return "Nothing else separates them by " + Math.round(TieEvidence.SEPARATES * 100)
                    + "% or more (server CPU per request, " + (by.byP99() ? "throughput" : "p99") + ", memory).";
        }
        return "What separates them: " + String.join("; ", evidence) + ".";
    }

    private String verb() {
        String of = by.request() == null ? "" : " of '" + by.request() + "'";
        if (by.byP99()) {
            return "has the lowest p99" + of;
        }
        String slo = by.sloMs() == null ? "" : " with p99 ≤ " + by.sloWords();
        return (by.request() == null ? "serves the most" : "serves the most '" + by.request() + "' requests") + slo;
    }

    /** "19% more", "2.3× more", "12% lower", "32× lower". */
    private String lead(RankedModel best, RankedModel second) {
        double a = best.value().mean();
        double b = second.value().mean();
        double ratio = by.byP99() ? b / a : a / b;
        String word = by.byP99() ? "lower" : "more";
        if (ratio >= 1.995) {
            return String.format(Locale.ROOT, "%.1f× %s", ratio, word);
        }
        double pct = (by.byP99() ? 1 - a / b : ratio - 1) * 100;
        return String.format(Locale.ROOT, pct < 1 ? "%.1f%% %s" : "%.0f%% %s", pct, word);
    }
}
