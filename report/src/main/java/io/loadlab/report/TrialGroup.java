package io.loadlab.report;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.result.VerdictDefaults;
import io.loadlab.report.stats.SampleStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The repetitions of one {@link GroupKey}. Numbers (throughput, latency) come from the valid repetitions only; the
 * verdict is the worst of all of them, so one broken repetition marks the whole group.
 */
public record TrialGroup(GroupKey key, List<TrialResult> trials) {

    /** Groups a suite's trials, ordered by scenario and model as they first appear, then by load level. */
    public static List<TrialGroup> of(SuiteResults results) {
        Map<GroupKey, List<TrialResult>> byKey = new LinkedHashMap<>();
        Map<String, Integer> scenarioOrder = new LinkedHashMap<>();
        Map<String, Integer> modelOrder = new LinkedHashMap<>();
        for (TrialResult t : results.trials() == null ? List.<TrialResult>of() : results.trials()) {
            byKey.computeIfAbsent(GroupKey.of(t), k -> new ArrayList<>()).add(t);
            scenarioOrder.putIfAbsent(t.key().experiment() + "\u0000" + t.key().scenario(), scenarioOrder.size());
            modelOrder.putIfAbsent(t.key().model(), modelOrder.size());
        }
        List<TrialGroup> groups = new ArrayList<>();
        byKey.forEach((k, v) -> groups.add(new TrialGroup(k, List.copyOf(v))));
        groups.sort(Comparator.<TrialGroup>comparingInt(
                        g -> scenarioOrder.get(g.key.experiment() + "\u0000" + g.key.scenario()))
                .thenComparingInt(g -> modelOrder.get(g.key.model()))
                .thenComparingDouble(
                        g -> g.key.load() == null ? 0 : g.key.load().axisValue()));
        return groups;
    }

    public List<TrialResult> validTrials() {
        return trials.stream().filter(TrialResult::valid).toList();
    }

    /** True when every repetition may be ranked. */
    public boolean valid() {
        return !trials.isEmpty() && trials.stream().allMatch(TrialResult::valid);
    }

    public VerdictCode worst() {
        VerdictCode worst = VerdictCode.OK;
        for (TrialResult t : trials) {
            if (t.worstVerdict().ordinal() < worst.ordinal()) {
                worst = t.worstVerdict();
            }
        }
        if (worst == VerdictCode.OK && trials.stream().anyMatch(t -> t.load() == null)) {
            return VerdictCode.APP_BROKEN;
        }
        return worst;
    }

    /** The reason of the worst finding, or null when all is OK. */
    public String reason() {
        VerdictCode worst = worst();
        for (TrialResult t : trials) {
            for (Verdict v : t.verdicts() == null ? List.<Verdict>of() : t.verdicts()) {
                if (v.code() == worst && worst != VerdictCode.OK) {
                    return v.reason();
                }
            }
        }
        return worst == VerdictCode.OK ? null : "no load data recorded";
    }

    public SampleStats throughput() {
        return stat(t -> t.load().throughput().rps());
    }

    public SampleStats p50() {
        return stat(t -> t.load().latencyMs().p50());
    }

    public SampleStats p99() {
        return stat(t -> t.load().latencyMs().p99());
    }

    public SampleStats p999() {
        return stat(t -> t.load().latencyMs().p999());
    }

    public SampleStats stat(ToDoubleFunction<TrialResult> metric) {
        return stat(validTrials(), metric);
    }

    /** Throughput over every repetition that measured anything, valid or not: shown greyed, never ranked. */
    public SampleStats measuredThroughput() {
        return stat(trials, t -> t.load().throughput().rps());
    }

    private static SampleStats stat(List<TrialResult> trials, ToDoubleFunction<TrialResult> metric) {
        List<Double> values = trials.stream()
                .filter(t -> t.load() != null && t.load().latencyMs() != null)
                .map(metric::applyAsDouble)
                .toList();
        return SampleStats.of(values, VerdictDefaults.CONFIDENCE);
    }

    /** Errors summed over the repetitions that measured anything. */
    public long errors() {
        return trials.stream()
                .filter(t -> t.load() != null && t.load().errors() != null)
                .mapToLong(t -> t.load().errors().total())
                .sum();
    }

    public long rejections() {
        return trials.stream().mapToLong(TrialResult::rejections).sum();
    }

    public long requests() {
        return trials.stream()
                .filter(t -> t.load() != null)
                .mapToLong(t -> t.load().requests())
                .sum();
    }
}
