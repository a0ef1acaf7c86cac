package io.loadlab.lab.spec;

import io.loadlab.core.Defaults;

/** The verdicts' tolerances; a suite may override any of them. Defaults in {@link Defaults}. */
public record Thresholds(
        double errors,
        double loadgenMinIdle,
        double rateTolerance,
        double dependencyBusy,
        double iowait,
        double steady,
        double little,
        double work) {

    public static final Thresholds DEFAULTS = new Thresholds(
            Defaults.ERROR_THRESHOLD,
            Defaults.LOADGEN_MIN_IDLE,
            Defaults.RATE_TOLERANCE,
            Defaults.DEPENDENCY_BUSY,
            Defaults.IOWAIT_THRESHOLD,
            Defaults.STEADY_TOLERANCE,
            Defaults.LITTLE_TOLERANCE,
            Defaults.WORK_TOLERANCE);
}
