package io.loadlab.core.result;

import java.util.ArrayList;
import java.util.List;

/**
 * The capacity section of a capacity experiment in {@code results.json}: what it searched for and each model's
 * search so far (one per model once the suite completes). Each step's trial is in {@code trials} under its id.
 */
public record CapacityInfo(CapacityGoal goal, List<CapacitySearch> searches) {
    public CapacityInfo {
        searches = searches == null ? List.of() : List.copyOf(searches);
    }

    /** This section with {@code search} added, replacing an earlier search of the same model. */
    public CapacityInfo with(CapacitySearch search) {
        List<CapacitySearch> out = new ArrayList<>(searches);
        out.removeIf(s -> s.model().equals(search.model()));
        out.add(search);
        return new CapacityInfo(goal, out);
    }

    /** The search of {@code model}, or null. */
    public CapacitySearch search(String model) {
        return searches.stream()
                .filter(s -> s.model().equals(model))
                .findFirst()
                .orElse(null);
    }
}
