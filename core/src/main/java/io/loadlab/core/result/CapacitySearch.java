package io.loadlab.core.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;

/**
 * One model's capacity search as it ended: the highest passing rate, its bracket [last pass, first fail], whether
 * that is the model's capacity or only a lower bound (the lab ran out first, or the search hit its bounds), and every
 * step in the order run.
 *
 * @param outcome {@link #FOUND} (a bracket of the model's own making), {@link #LOWER_BOUND} (capacity at least
 *     {@code capacityRps}: {@code reason} names what ran out first) or {@link #NONE} (not even the lowest step passed,
 *     or the search could not run)
 * @param capacityRps the highest passing rate; 0 when none passed
 * @param lastPassRps the bracket's lower end; null when no step passed
 * @param firstFailRps the bracket's upper end: the lowest failing rate; null when none failed
 * @param pastKnee the model held at multiples of a found capacity (1.5×, 3×); empty otherwise
 */
public record CapacitySearch(
        String model,
        String outcome,
        double capacityRps,
        Double lastPassRps,
        Double firstFailRps,
        String reason,
        List<CapacityStep> steps,
        List<PastKnee> pastKnee) {
    public static final String FOUND = "found";
    public static final String LOWER_BOUND = "lower_bound";
    public static final String NONE = "none";

    @JsonCreator
    public CapacitySearch {
        steps = steps == null ? List.of() : List.copyOf(steps);
        pastKnee = pastKnee == null ? List.of() : List.copyOf(pastKnee);
    }

    /** This search with the trials past its knee. */
    public CapacitySearch withPastKnee(List<PastKnee> held) {
        return new CapacitySearch(model, outcome, capacityRps, lastPassRps, firstFailRps, reason, steps, held);
    }

    public boolean lowerBound() {
        return LOWER_BOUND.equals(outcome);
    }
}
