package io.loadlab.lab.spec;

import io.loadlab.core.Defaults;

/**
 * The verdicts' tolerances; a suite may override any of them ({@code thresholds:}). Defaults in {@link Defaults}.
 *
 * @param starved STARVED: the share of connections that may complete nothing
 * @param share WORK_MISMATCH: how many percentage points a request's realized share may differ from its plan
 * @param belowCeiling BELOW_CEILING: the fraction of the ceiling under which a trial is below it
 */
public record Thresholds(
        double errors,
        double loadgenMinIdle,
        double rateTolerance,
        double dependencyBusy,
        double iowait,
        double steady,
        double little,
        double work,
        double starved,
        double share,
        double belowCeiling) {

    public static final Thresholds DEFAULTS = new Thresholds(
            Defaults.ERROR_THRESHOLD,
            Defaults.LOADGEN_MIN_IDLE,
            Defaults.RATE_TOLERANCE,
            Defaults.DEPENDENCY_BUSY,
            Defaults.IOWAIT_THRESHOLD,
            Defaults.STEADY_TOLERANCE,
            Defaults.LITTLE_TOLERANCE,
            Defaults.WORK_TOLERANCE,
            Defaults.STARVED_CONNECTIONS,
            Defaults.SHARE_TOLERANCE_POINTS,
            Defaults.BELOW_CEILING);
}
