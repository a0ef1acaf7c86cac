package io.loadlab.lab.spec;

import io.loadlab.core.result.LoadLevel;
import java.util.List;
import java.util.Map;

/**
 * One experiment of a suite: a scenario run against each model at each load level. {@code serverOptions} are extra
 * {@code loadlab serve} flags without their dashes ({@code threads: 16} → {@code --threads 16}), the same for every
 * model of the experiment.
 */
public record ExperimentSpec(
        String name,
        ScenarioSpec scenario,
        List<String> models,
        List<LoadLevel> loads,
        Map<String, String> serverOptions) {

    public ExperimentSpec {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("every experiment needs a name");
        }
        models = List.copyOf(models);
        loads = List.copyOf(loads);
        serverOptions = serverOptions == null ? Map.of() : Map.copyOf(serverOptions);
        if (models.isEmpty()) {
            throw new IllegalArgumentException("experiment '" + name + "' lists no models");
        }
        if (loads.isEmpty()) {
            throw new IllegalArgumentException("experiment '" + name + "' lists no connections or rates");
        }
    }

    public int trials(int repetitions) {
        return models.size() * loads.size() * repetitions;
    }
}
