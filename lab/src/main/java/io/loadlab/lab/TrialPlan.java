package io.loadlab.lab;

import io.loadlab.core.result.LoadLevel;
import io.loadlab.lab.spec.ExperimentSpec;
import java.util.Locale;

/** One trial to run: which experiment, model, load level and repetition, with its id (its directory's name). */
public record TrialPlan(int index, ExperimentSpec experiment, String model, LoadLevel level, int repetition) {
    public String id() {
        String load = level.rateRps() != null ? "r" + Math.round(level.rateRps()) : "c" + level.connections();
        return String.format(Locale.ROOT, "%03d-%s-%s-%s-%d", index, experiment.name(), model, load, repetition);
    }

    public String label() {
        return model + " · " + experiment.scenario().label() + " · " + level.label()
                + (repetition > 1 ? " · rep " + repetition : "");
    }
}
