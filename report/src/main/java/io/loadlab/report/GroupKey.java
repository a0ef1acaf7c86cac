package io.loadlab.report;

import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.TrialResult;

/** What makes trials repetitions of one another: the same experiment, model, scenario and load level. */
public record GroupKey(String experiment, String model, String scenario, LoadLevel load) {

    public static GroupKey of(TrialResult t) {
        return new GroupKey(
                t.key().experiment(),
                t.key().model(),
                t.key().scenario(),
                t.key().load());
    }

    public String label() {
        String prefix = experiment == null || experiment.isBlank() ? "" : experiment + " / ";
        return prefix + model + " / " + scenario + " / " + (load == null ? "?" : load.label());
    }
}
