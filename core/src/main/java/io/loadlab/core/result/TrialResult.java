package io.loadlab.core.result;

import java.util.List;
import java.util.Map;

/**
 * One trial: a model × scenario × load level × repetition, measured on a fresh server.
 *
 * @param id the trial's directory name
 * @param key what was measured
 * @param load the load generator's report, absent when the trial never reached measurement (e.g. {@code APP_BROKEN})
 * @param verdicts the lab's findings; holds {@code OK} when there were none
 * @param files paths relative to the results directory
 * @param metastability a trial with a trigger: its goodput before, during and after it; else null
 */
public record TrialResult(
        String id,
        TrialKey key,
        String startedAt,
        List<Verdict> verdicts,
        ValidationResult validation,
        LoadReport load,
        Ceiling ceiling,
        ServerFacts server,
        Resources resources,
        DependencyWork dependencies,
        Map<String, String> files,
        Metastability metastability) {

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

    /** The first verdict of the worst kind, or null when the trial is OK. */
    public Verdict worst() {
        VerdictCode code = worstVerdict();
        if (verdicts == null || code == VerdictCode.OK) {
            return null;
        }
        return verdicts.stream().filter(v -> v.code() == code).findFirst().orElse(null);
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

    /** {@code 503} answers that named no failed dependency: a fail-fast model's rejections ({@link LoadReport#rejections}). */
    public long rejections() {
        return load == null ? 0 : load.rejections();
    }
}
