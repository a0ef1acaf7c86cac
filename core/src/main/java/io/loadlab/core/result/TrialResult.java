package io.loadlab.core.result;

import java.util.List;
import java.util.Map;

/**
 * One trial: a model × scenario × load level × repetition, measured on a fresh server. {@code load} is the load
 * generator's report, absent when the trial never reached measurement (e.g. {@code APP_BROKEN}). {@code verdicts} is
 * empty or holds {@code OK} when nothing was found. {@code files} are paths relative to the results directory.
 */
public record TrialResult(
        String id,
        String experiment,
        String model,
        String scenario,
        LoadLevel loadLevel,
        int repetition,
        String startedAt,
        List<Verdict> verdicts,
        ValidationResult validation,
        LoadReport load,
        long rejections,
        Ceiling ceiling,
        Map<String, Object> serverSettings,
        List<ProcessSeries> processes,
        List<MachineSample> machine,
        Map<String, Long> dependencyWork,
        Map<String, String> files) {

    /** The most severe finding, {@code OK} when there is none. */
    public VerdictCode worstVerdict() {
        VerdictCode worst = VerdictCode.OK;
        if (verdicts != null) {
            for (Verdict v : verdicts) {
                if (v.code().ordinal() < worst.ordinal()) {
                    worst = v.code();
                }
            }
        }
        return worst;
    }

    /** True when the trial's numbers may be ranked and compared. */
    public boolean valid() {
        if (load == null) {
            return false;
        }
        if (verdicts != null) {
            for (Verdict v : verdicts) {
                if (v.code().invalidates()) {
                    return false;
                }
            }
        }
        return true;
    }
}
