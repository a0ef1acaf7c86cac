package io.loadlab.report;

import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.result.VerdictDefaults;
import io.loadlab.report.stats.SampleStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * One model's valid repetitions at one load level, as the answer ranks them: the ranked metric, throughput and p99
 * (mean ± confidence half-width over the repetitions), the server's CPU per request, the warnings that keep the
 * number but are shown beside it, and the ceiling it sits on, if any.
 *
 * @param runs every repetition of the model at this load, valid or not
 */
record RankedModel(String model, List<TrialResult> valid, int runs, SampleStats value, RankBy by) {
    /** A model between these fractions of a bound is said to sit on it; far above, the bound is not its own. */
    private static final double ON_BOUND = 0.9;

    private static final double ABOVE_BOUND = 1.1;

    static RankedModel of(String model, List<TrialResult> valid, int runs, RankBy by) {
        return new RankedModel(model, List.copyOf(valid), runs, stat(valid, by::value), by);
    }

    SampleStats throughput() {
        return stat(valid, by::throughput);
    }

    SampleStats p99() {
        return stat(valid, by::p99);
    }

    /** Mean server CPU time per request in µs (cores busy ÷ req/s), or NaN when the server was not sampled. */
    double cpuMicrosPerRequest() {
        return stat(valid, TrialFacts::cpuMicrosPerRequest).mean();
    }

    /** Warning codes of the valid repetitions with how many runs raised each, e.g. {@code NOT_STEADY → 1}. */
    Map<VerdictCode, List<Verdict>> warnings() {
        Map<VerdictCode, List<Verdict>> out = new LinkedHashMap<>();
        for (TrialResult t : valid) {
            for (Verdict v : t.verdicts() == null ? List.<Verdict>of() : t.verdicts()) {
                if (v.code() != VerdictCode.OK && !v.code().invalidates()) {
                    out.computeIfAbsent(v.code(), c -> new ArrayList<>()).add(v);
                }
            }
        }
        return out;
    }

    /** "BELOW_CEILING in 1 of 3 runs" for each warning, or an empty list. */
    List<String> warningWords() {
        List<String> out = new ArrayList<>();
        warnings()
                .forEach((code, vs) ->
                        out.add(runs == 1 ? code.name() : code + " in " + vs.size() + " of " + runs + " runs"));
        return out;
    }

    /** "at its design cap: thread-pool: 100 threads ÷ 100ms = 1000 req/s", "at the workload's ceiling: ...", or null. */
    String bound() {
        Ceiling c = valid.get(0).ceiling();
        double rps = throughput().mean();
        if (c == null || by.request() != null || Double.isNaN(rps)) {
            return null;
        }
        if (on(rps, c.designRps())) {
            return "at its design cap" + (c.design() == null ? "" : " (" + c.design() + ")");
        }
        if (on(rps, c.rps())) {
            return "at the workload's ceiling" + (c.explanation() == null ? "" : " (" + c.explanation() + ")");
        }
        return null;
    }

    private static boolean on(double rps, Double bound) {
        return bound != null && rps >= ON_BOUND * bound && rps <= ABOVE_BOUND * bound;
    }

    /** The ranked value, with ± the confidence half-width when repeated, e.g. "8,790 ± 120 req/s". */
    String valueWords() {
        return valueNumber() + " " + by.unit();
    }

    /** The ranked value without its unit, e.g. "8,790 ± 120". */
    String valueNumber() {
        String half = value.repeated() ? " ± " + by.number(value.ciHalfWidth()) : "";
        return by.number(value.mean()) + half;
    }

    /** The metric not ranked, without its unit: throughput when ranked by p99, else p99. */
    String otherNumber() {
        return by.byP99() ? Numbers.rps(throughput().mean()) : Numbers.ms(p99().mean());
    }

    /** The other metric, for context: p99 when ranked by throughput, throughput when ranked by p99. */
    String contextWords() {
        String of = by.request() == null ? "" : " of '" + by.request() + "'";
        return by.byP99() ? otherNumber() + " req/s" + of : "p99" + of + " " + otherNumber() + " ms";
    }

    String runsWords() {
        return valid.size() == runs
                ? String.format(Locale.ROOT, "%d run%s", runs, runs == 1 ? "" : "s")
                : String.format(Locale.ROOT, "%d of %d runs valid", valid.size(), runs);
    }

    private static SampleStats stat(List<TrialResult> trials, ToDoubleFunction<TrialResult> metric) {
        List<Double> values = trials.stream()
                .map(metric::applyAsDouble)
                .filter(v -> !Double.isNaN(v))
                .toList();
        return SampleStats.of(values, VerdictDefaults.CONFIDENCE);
    }
}
