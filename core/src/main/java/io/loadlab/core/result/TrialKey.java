package io.loadlab.core.result;

/**
 * What a trial measured: which experiment, model, scenario and load level, and which repetition of it. Trials that
 * differ only in {@code repetition} are repetitions of one another.
 */
public record TrialKey(String experiment, String model, String scenario, LoadLevel load, int repetition) {}
