package io.loadlab.lab;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.lab.spec.SuitePlan;
import io.loadlab.lab.spec.TrialPlan;
import java.nio.file.Path;

/**
 * What the lab tells its user while it runs; every method is called from the lab's thread, in order, except
 * {@link #interrupted()}, which comes from the shutdown hook. Implementations must not block for long.
 */
public interface LabListener {
    /** Trial phases, in order. */
    enum Phase {
        STARTING,
        VALIDATING,
        WARMUP,
        MEASURING,
        JUDGING
    }

    /**
     * The suite begins: {@code estimatedSeconds} if every warm-up lasts its minimum, {@code mostSeconds} if every one
     * stretches to its limit while a server's JIT compiles.
     */
    default void suiteStarted(SuitePlan plan, Path dir, int trials, double estimatedSeconds, double mostSeconds) {}

    default void note(String line) {}

    default void trialStarted(int index, int total, TrialPlan plan) {}

    default void phase(TrialPlan plan, Phase phase) {}

    /** Once a second while measuring: the last second's throughput and p99 (ms). */
    default void live(TrialPlan plan, double rps, double p99Ms) {}

    default void trialFinished(int index, int total, TrialResult result) {}

    default void suiteFinished(SuiteResults results, Path dir) {}

    default void interrupted() {}

    LabListener SILENT = new LabListener() {};
}
