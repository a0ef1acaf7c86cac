/**
 * What a suite runs and where: the {@link io.loadlab.lab.spec.SuitePlan} (experiments, timing, thresholds) read from
 * suite YAML files or {@code run}'s flags, the {@link io.loadlab.lab.spec.LabSetup} (CPUs, results directory,
 * database, a user's own server), and the trials they expand into. Immutable records.
 */
package io.loadlab.lab.spec;
