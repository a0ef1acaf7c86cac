package io.loadlab.lab;

import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.CapacitySearch;
import io.loadlab.core.result.CapacityStep;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.PastKnee;
import io.loadlab.core.result.TrialResult;
import io.loadlab.lab.capacity.CapacitySearcher;
import io.loadlab.lab.capacity.PastKneeJudge;
import io.loadlab.lab.capacity.StepJudge;
import io.loadlab.lab.spec.ExperimentSpec;
import io.loadlab.lab.spec.SuitePlan;
import io.loadlab.lab.spec.TrialPlan;
import io.loadlab.lab.store.ResultsStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs the capacity experiments of a suite: per model, a {@link CapacitySearcher} whose every step is an ordinary
 * trial on a fresh server at the step's rate, stored and judged as any other; the search's outcome and its steps'
 * trial ids go to the experiment's {@code capacity} section in {@code results.json}.
 */
final class CapacityRuns {
    /** Ends a search when the suite is interrupted. */
    private static final class Interrupted extends RuntimeException {
        Interrupted() {
            super(null, null, false, false);
        }
    }

    private CapacityRuns() {}

    static void run(SuitePlan plan, TrialSequence trials, ResultsStore store, LabListener listener)
            throws IOException, InterruptedException {
        for (ExperimentSpec e : plan.experiments()) {
            if (e.capacity() == null) {
                continue;
            }
            for (String model : e.models()) {
                CapacitySearch s;
                try {
                    s = search(e, model, trials, listener);
                } catch (Interrupted i) {
                    return;
                }
                listener.note(describe(e.name(), s));
                try {
                    s = pastKnee(e, s, trials, listener);
                } catch (Interrupted i) {
                    store.capacity(e.name(), s);
                    return;
                }
                store.capacity(e.name(), s);
            }
        }
    }

    private static CapacitySearch search(ExperimentSpec e, String model, TrialSequence trials, LabListener listener)
            throws IOException, InterruptedException {
        CapacityGoal goal = e.capacity();
        int connections = e.loads().get(0).connections();
        return CapacitySearcher.search(model, goal, rate -> {
            TrialPlan p = new TrialPlan(trials.nextIndex(), e, model, new LoadLevel(connections, rate), 1);
            TrialResult r = trials.run(p);
            if (r == null) {
                throw new Interrupted();
            }
            CapacityStep step = StepJudge.judge(p.id(), rate, r, goal);
            listener.note(String.format(
                    Locale.ROOT,
                    "capacity %s %s: %.0f req/s %s (%s)",
                    e.name(),
                    model,
                    rate,
                    step.outcome(),
                    step.why()));
            return step;
        });
    }

    /** Holds a model with a found capacity at each of {@link PastKneeJudge#FACTORS} × it, one trial each. */
    private static CapacitySearch pastKnee(
            ExperimentSpec e, CapacitySearch s, TrialSequence trials, LabListener listener)
            throws IOException, InterruptedException {
        if (!CapacitySearch.FOUND.equals(s.outcome()) || s.capacityRps() <= 0) {
            return s;
        }
        List<PastKnee> held = new ArrayList<>();
        for (double factor : PastKneeJudge.FACTORS) {
            double rate = Math.round(s.capacityRps() * factor);
            TrialPlan p = new TrialPlan(
                    trials.nextIndex(),
                    e,
                    s.model(),
                    new LoadLevel(e.loads().get(0).connections(), rate),
                    1);
            TrialResult r = trials.run(p);
            if (r == null) {
                throw new Interrupted();
            }
            PastKnee k = PastKneeJudge.judge(factor, rate, p.id(), r, e.capacity(), s.capacityRps());
            held.add(k);
            listener.note(String.format(
                    Locale.ROOT,
                    "past the knee %s %s: %.1f× (%.0f req/s) %s: served %.0f req/s, %s %.1f ms",
                    e.name(),
                    s.model(),
                    factor,
                    rate,
                    k.behaviour(),
                    k.servedRps(),
                    e.capacity().percentileName(),
                    k.latencyMs()));
        }
        return s.withPastKnee(held);
    }

    /** One line: the capacity, its bracket or its bound, and why the search ended there. */
    static String describe(String experiment, CapacitySearch s) {
        String head = switch (s.outcome()) {
            case CapacitySearch.FOUND ->
                String.format(
                        Locale.ROOT,
                        "%.0f req/s, bracket [%.0f, %.0f]",
                        s.capacityRps(),
                        s.lastPassRps(),
                        s.firstFailRps());
            case CapacitySearch.LOWER_BOUND -> String.format(Locale.ROOT, "≥ %.0f req/s", s.capacityRps());
            default -> "none found";
        };
        return "capacity " + experiment + " " + s.model() + ": " + head + " — " + s.reason();
    }
}
