package io.loadlab.report;

import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import java.util.List;
import java.util.Locale;

/**
 * A model's invalid repetitions at one load level: never ranked, listed with the reason of their worst verdict.
 * {@code STARVED} is a true finding about the model (it left connections unanswered), not a failed measurement, and
 * is worded as one.
 *
 * @param invalid how many repetitions are invalid, of {@code runs}
 */
record NotComparable(String model, int invalid, int runs, VerdictCode code, String reason) {

    static NotComparable of(String model, List<TrialResult> invalid, int runs) {
        TrialResult worst = invalid.get(0);
        for (TrialResult t : invalid) {
            if (code(t).ordinal() < code(worst).ordinal()) {
                worst = t;
            }
        }
        return new NotComparable(model, invalid.size(), runs, code(worst), reason(worst));
    }

    /** A trial without load data and without a verdict never reached measurement: the app was broken. */
    private static VerdictCode code(TrialResult t) {
        return t.load() == null && t.worstVerdict() == VerdictCode.OK ? VerdictCode.APP_BROKEN : t.worstVerdict();
    }

    private static String reason(TrialResult t) {
        Verdict v = t.worst();
        if (v != null && v.reason() != null) {
            return v.reason();
        }
        if (t.validation() != null && t.validation().failure() != null) {
            return t.validation().failure();
        }
        return "no load data recorded";
    }

    boolean finding() {
        return code.aboutTheModel();
    }

    /** "thread-per-connection — ERRORS: ..." or "single-thread — a finding about the model (STARVED): ...". */
    String words() {
        String what = finding() ? "a finding about the model (" + code + ")" : code.name();
        return who() + " — " + what + ": " + reason;
    }

    /** The same words for a place that shows the code as a badge beside them. */
    String wordsBesideBadge() {
        return who() + (finding() ? " — a finding about the model" : "") + ": " + reason;
    }

    private String who() {
        return model + (invalid == runs ? "" : String.format(Locale.ROOT, " (%d of %d runs)", invalid, runs));
    }
}
