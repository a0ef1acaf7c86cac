package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.report.gate.JUnitXml;
import io.loadlab.report.gate.Threshold;
import io.loadlab.report.gate.ThresholdResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The CI gate of one {@code loadlab load}: its thresholds' names checked before any load, its JUnit XML after. */
final class LoadGate {
    static final String RUN_CASE = "requests succeeded within --max-error-rate";

    private LoadGate() {}

    /** A threshold on a request class the run does not send is a usage error, found before any load is sent. */
    static void requireKnownClasses(List<Threshold> thresholds, List<String> requestNames) {
        for (Threshold t : thresholds) {
            if (t.request() != null && !requestNames.contains(t.request())) {
                throw new UserError("--threshold '" + t.text() + "': no request class '" + t.request()
                        + "' in this run; its classes are " + String.join(", ", requestNames));
            }
        }
    }

    /** The one-line reason of exit 99, or null when every threshold held. */
    static String failure(List<ThresholdResult> checked) {
        List<String> failed = checked.stream()
                .filter(r -> !r.passed())
                .map(r -> r.threshold().text() + " (" + r.detail() + ")")
                .toList();
        if (failed.isEmpty()) {
            return null;
        }
        return String.format(Locale.ROOT, "%d of %d thresholds failed: ", failed.size(), checked.size())
                + String.join(", ", failed) + "; exit " + Main.EXIT_THRESHOLDS;
    }

    /** JUnit XML of the run: a case for the run's own success (exit 1's condition), then one per threshold. */
    static String junit(String url, String runFailure, List<ThresholdResult> checked) {
        List<JUnitXml.Case> cases = new ArrayList<>();
        cases.add(new JUnitXml.Case(RUN_CASE, runFailure, runFailure));
        checked.forEach(r -> cases.add(JUnitXml.Case.of(r)));
        return JUnitXml.render("loadlab load", List.of(new JUnitXml.Suite("load " + url, cases)));
    }
}
