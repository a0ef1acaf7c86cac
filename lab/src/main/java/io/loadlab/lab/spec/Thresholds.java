package io.loadlab.lab.spec;

import io.loadlab.core.result.VerdictDefaults;

/**
 * The verdicts' tolerances; a suite may override any of them ({@code thresholds:}). Defaults in {@link VerdictDefaults}.
 *
 * @param starved STARVED: the share of connections that may complete nothing
 * @param share WORK_MISMATCH: how many percentage points a request's realized share may differ from its plan
 * @param belowCeiling BELOW_CEILING: the fraction of the ceiling under which a trial is below it
 */
public record Thresholds(
        double errors,
        double loadgenMinIdle,
        double dependencyBusy,
        double iowait,
        double steady,
        double little,
        double work,
        double starved,
        double share,
        double belowCeiling) {

    public static final Thresholds DEFAULTS = new Thresholds(
            VerdictDefaults.ERROR_THRESHOLD,
            VerdictDefaults.LOADGEN_MIN_IDLE,
            VerdictDefaults.DEPENDENCY_BUSY,
            VerdictDefaults.IOWAIT_THRESHOLD,
            VerdictDefaults.STEADY_TOLERANCE,
            VerdictDefaults.LITTLE_TOLERANCE,
            VerdictDefaults.WORK_TOLERANCE,
            VerdictDefaults.STARVED_CONNECTIONS,
            VerdictDefaults.SHARE_TOLERANCE_POINTS,
            VerdictDefaults.BELOW_CEILING);
}
