package io.loadlab.lab.capacity;

import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.CapacitySearch;
import io.loadlab.core.result.CapacityStep;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Searches one model's capacity: open-model steps at a geometric ramp (×2 from the goal's start) until a step fails,
 * then bisection between the last pass and the first fail until the bracket is within the goal's resolution. At most
 * {@code maxSteps} steps, none above {@code maxRps}. A step the lab could not measure ends the search with a lower
 * bound; a step that could not run at all ends it with what passed so far. Not thread-safe; runs steps one at a time.
 */
public final class CapacitySearcher {
    /** Runs one step at {@code rateRps} and judges it ({@link StepJudge}). */
    @FunctionalInterface
    public interface StepRunner {
        CapacityStep run(double rateRps) throws IOException, InterruptedException;
    }

    private final String model;
    private final CapacityGoal goal;
    private final StepRunner runner;
    private final List<CapacityStep> steps = new ArrayList<>();
    private Double pass;
    private Double fail;

    private CapacitySearcher(String model, CapacityGoal goal, StepRunner runner) {
        this.model = model;
        this.goal = goal;
        this.runner = runner;
    }

    public static CapacitySearch search(String model, CapacityGoal goal, StepRunner runner)
            throws IOException, InterruptedException {
        return new CapacitySearcher(model, goal, runner).run();
    }

    private CapacitySearch run() throws IOException, InterruptedException {
        double rate = Math.round(goal.startRps());
        while (fail == null) {
            if (steps.size() >= goal.maxSteps()) {
                return end(
                        CapacitySearch.LOWER_BOUND,
                        "the search used its " + goal.maxSteps() + " steps before a step failed");
            }
            CapacityStep s = step(rate);
            if (!s.passed() && fail == null) {
                return stopped(s);
            }
            if (s.passed()) {
                if (rate >= goal.maxRps()) {
                    return end(
                            CapacitySearch.LOWER_BOUND,
                            String.format(
                                    Locale.ROOT,
                                    "the search's highest rate, %.0f req/s (max_rate), passed",
                                    goal.maxRps()));
                }
                rate = Math.min(Math.round(rate * 2), Math.round(goal.maxRps()));
            }
        }
        while (true) {
            double lo = pass == null ? 0 : pass;
            double hi = fail;
            double mid = Math.round((lo + hi) / 2);
            if (hi - lo <= goal.resolution() * lo || mid <= lo || mid >= hi) {
                break;
            }
            if (steps.size() >= goal.maxSteps()) {
                return found(" (the search used its " + goal.maxSteps() + " steps; the bracket is wider than "
                        + Math.round(goal.resolution() * 100) + "%)");
            }
            CapacityStep s = step(mid);
            if (!s.passed() && !CapacityStep.FAIL.equals(s.outcome())) {
                return stopped(s);
            }
        }
        return found("");
    }

    /** Runs a step at {@code rate} and moves the bracket: a pass raises its low end, a fail lowers its high end. */
    private CapacityStep step(double rate) throws IOException, InterruptedException {
        CapacityStep s = runner.run(rate);
        steps.add(s);
        if (s.passed()) {
            pass = pass == null ? rate : Math.max(pass, rate);
        } else if (CapacityStep.FAIL.equals(s.outcome())) {
            fail = fail == null ? rate : Math.min(fail, rate);
        }
        return s;
    }

    /** The search ends at a step that was not the model's pass or fail: the lab ran out, or the trial broke. */
    private CapacitySearch stopped(CapacityStep s) {
        String at = String.format(Locale.ROOT, "at %.0f req/s ", s.rateRps());
        if (CapacityStep.LAB_LIMIT.equals(s.outcome())) {
            return end(pass == null ? CapacitySearch.NONE : CapacitySearch.LOWER_BOUND, at + s.why());
        }
        return end(
                pass == null ? CapacitySearch.NONE : CapacitySearch.LOWER_BOUND,
                "the step " + at + "could not run: " + s.why());
    }

    private CapacitySearch found(String note) {
        if (pass == null) {
            return end(
                    CapacitySearch.NONE,
                    String.format(
                                    Locale.ROOT,
                                    "no rate passed: the lowest tried, %.0f req/s, failed: %s",
                                    fail,
                                    whyFailed())
                            + note);
        }
        return end(CapacitySearch.FOUND, String.format(Locale.ROOT, "%.0f req/s failed: %s", fail, whyFailed()) + note);
    }

    private String whyFailed() {
        return steps.stream()
                .filter(s -> s.rateRps() == fail && CapacityStep.FAIL.equals(s.outcome()))
                .map(CapacityStep::why)
                .findFirst()
                .orElse("");
    }

    private CapacitySearch end(String outcome, String reason) {
        return new CapacitySearch(model, outcome, pass == null ? 0 : pass, pass, fail, reason, steps, List.of());
    }
}
