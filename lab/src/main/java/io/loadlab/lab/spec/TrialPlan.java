package io.loadlab.lab.spec;

import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.TrialKey;
import java.util.Locale;

/** One trial to run: which experiment, model, load level and repetition, with its id (its directory's name). */
public record TrialPlan(int index, ExperimentSpec experiment, String model, LoadLevel level, int repetition) {
    public String id() {
        String load = level.rateRps() != null ? "r" + Math.round(level.rateRps()) : "c" + level.connections();
        return String.format(Locale.ROOT, "%03d-%s-%s-%s-%d", index, experiment.name(), model, load, repetition);
    }

    /** The key of its result. */
    public TrialKey key() {
        return new TrialKey(
                experiment.name(), model, experiment.scenario().kind().id(), level, repetition);
    }

    public String label() {
        return model + " · " + experiment.scenario().label() + " · " + level.label()
                + (repetition > 1 ? " · rep " + repetition : "");
    }
}
