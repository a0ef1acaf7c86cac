package io.loadlab.core.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;
import java.util.Map;

/**
 * One experiment of a suite as run: its scenario (id and label), models, load levels, the server options its models
 * got, the criterion its answer ranks by, the figures the reproduced experiment published (null when the suite gives
 * none) and the declared load levels this host could not run, with why (null in results older than the field).
 * A capacity experiment also carries its {@code capacity} section: the goal and each model's search (null for an
 * experiment of fixed load levels).
 */
public record ExperimentInfo(
        String name,
        String scenario,
        String label,
        List<String> models,
        List<LoadLevel> loads,
        Map<String, String> serverOptions,
        Criterion criterion,
        Published published,
        List<NotRun> notRun,
        CapacityInfo capacity) {

    @JsonCreator
    public ExperimentInfo {}

    /** The levels not run here, never null. */
    public List<NotRun> notRunOrEmpty() {
        return notRun == null ? List.of() : notRun;
    }

    /** This experiment with the levels this host could not run. */
    public ExperimentInfo withNotRun(List<NotRun> levels) {
        List<NotRun> copy = List.copyOf(levels);
        return new ExperimentInfo(
                name, scenario, label, models, loads, serverOptions, criterion, published, copy, capacity);
    }

    /** This experiment with its capacity section replaced. */
    public ExperimentInfo withCapacity(CapacityInfo c) {
        return new ExperimentInfo(name, scenario, label, models, loads, serverOptions, criterion, published, notRun, c);
    }
}
