/**
 * What a suite runs and where: the {@link io.loadlab.lab.spec.SuitePlan} (experiments, timing, thresholds, the user's
 * own servers as models) read from suite YAML files or {@code run}'s flags, the {@link io.loadlab.lab.spec.LabSetup}
 * (CPUs, results directory, database, a user's own backend), and the trials they expand into. Immutable records.
 */
package io.loadlab.lab.spec;
