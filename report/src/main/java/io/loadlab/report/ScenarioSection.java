package io.loadlab.report;

import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.TrialResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The groups of one experiment's scenario, in model then load order: one section of the report. */
record ScenarioSection(String experiment, String name, List<TrialGroup> groups) {

    static List<ScenarioSection> of(List<TrialGroup> groups) {
        Map<String, List<TrialGroup>> byScenario = new LinkedHashMap<>();
        for (TrialGroup g : groups) {
            byScenario
                    .computeIfAbsent(g.key().experiment() + "\u0000" + g.key().scenario(), k -> new ArrayList<>())
                    .add(g);
        }
        List<ScenarioSection> out = new ArrayList<>();
        for (List<TrialGroup> gs : byScenario.values()) {
            out.add(new ScenarioSection(
                    gs.get(0).key().experiment(), gs.get(0).key().scenario(), List.copyOf(gs)));
        }
        return out;
    }

    String title() {
        return experiment == null || experiment.isBlank() ? name : experiment + " · " + name;
    }

    List<String> models() {
        return groups.stream().map(g -> g.key().model()).distinct().toList();
    }

    List<TrialGroup> groupsOf(String model) {
        return groups.stream().filter(g -> g.key().model().equals(model)).toList();
    }

    /** True when some trial measured more than one named request (a mixed scenario). */
    boolean mixed() {
        return trials().stream()
                .anyMatch(t -> t.load() != null
                        && t.load().perRequest() != null
                        && t.load().perRequest().size() > 1);
    }

    List<TrialResult> trials() {
        return groups.stream().flatMap(g -> g.trials().stream()).toList();
    }

    /** The load levels, lowest first. */
    List<LoadLevel> loads() {
        return groups.stream()
                .map(g -> g.key().load())
                .distinct()
                .sorted((a, b) -> Double.compare(a.axisValue(), b.axisValue()))
                .toList();
    }
}
