package io.loadlab.cli;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.report.gate.JUnitXml;
import io.loadlab.report.gate.Threshold;
import io.loadlab.report.gate.ThresholdResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The CI gate of {@code loadlab run}: every threshold checked against every trial's load report, and JUnit XML with one
 * suite per trial — a case for the trial's own measurement (what exit 1 judges), then one per threshold.
 */
final class RunGate {
    static final String TRIAL_CASE =
            "measured honestly (no APP_BROKEN, ERRORS, LOADGEN_SATURATED, DEPENDENCY_BOUND" + " or WORK_MISMATCH)";

    private RunGate() {}

    /** One trial's thresholds; {@code measured} is null when the trial never reached measurement. */
    record TrialCheck(TrialResult trial, List<ThresholdResult> results, String notMeasured) {
        boolean passed() {
            return notMeasured == null && ThresholdResult.allPassed(results);
        }
    }

    static List<TrialCheck> check(SuiteResults r, List<Threshold> thresholds) {
        List<TrialCheck> out = new ArrayList<>();
        for (TrialResult t : r.trials()) {
            if (t.load() == null) {
                Verdict worst = t.worst();
                out.add(new TrialCheck(
                        t,
                        List.of(),
                        "not measured" + (worst == null ? "" : " (" + worst.code() + ": " + worst.reason() + ")")));
            } else {
                out.add(new TrialCheck(t, Threshold.checkAll(thresholds, t.load()), null));
            }
        }
        return out;
    }

    static void print(List<TrialCheck> checks, List<Threshold> thresholds, PrintWriter out) {
        if (thresholds.isEmpty()) {
            return;
        }
        out.println();
        out.println("Thresholds:");
        for (TrialCheck c : checks) {
            out.println("  " + c.trial().id() + (c.notMeasured() == null ? "" : ": " + c.notMeasured()));
            c.results().forEach(r -> out.println("  " + r.line()));
        }
        out.flush();
    }

    /** The one-line reason of exit 99, or null when every threshold held in every measured trial. */
    static String failure(List<TrialCheck> checks, List<Threshold> thresholds) {
        long failed = checks.stream()
                .filter(c -> c.notMeasured() == null)
                .mapToLong(c -> c.results().stream().filter(r -> !r.passed()).count())
                .sum();
        if (failed == 0) {
            return null;
        }
        long trials = checks.stream()
                .filter(c -> c.notMeasured() == null && !c.passed())
                .count();
        return failed + " threshold check" + (failed == 1 ? "" : "s") + " failed in " + trials + " trial"
                + (trials == 1 ? "" : "s") + " (" + thresholds.size() + " thresholds × " + checks.size()
                + " trials); exit " + Main.EXIT_THRESHOLDS;
    }

    static String junit(String suite, List<TrialCheck> checks, List<Threshold> thresholds) {
        List<JUnitXml.Suite> suites = new ArrayList<>();
        for (TrialCheck c : checks) {
            List<JUnitXml.Case> cases = new ArrayList<>();
            String why = RunCommand.failed(c.trial()) ? unmeasurable(c.trial()) : null;
            cases.add(
                    new JUnitXml.Case(TRIAL_CASE, why, c.trial().worstVerdict().name()));
            if (c.notMeasured() != null) {
                thresholds.forEach(t -> cases.add(new JUnitXml.Case(t.text(), c.notMeasured(), null)));
            } else {
                c.results().forEach(r -> cases.add(JUnitXml.Case.of(r)));
            }
            suites.add(new JUnitXml.Suite(c.trial().id(), cases));
        }
        return JUnitXml.render("loadlab run " + suite, suites);
    }

    private static String unmeasurable(TrialResult t) {
        Verdict v = t.worst();
        return v == null ? "not measured" : v.code() + ": " + v.reason();
    }
}
