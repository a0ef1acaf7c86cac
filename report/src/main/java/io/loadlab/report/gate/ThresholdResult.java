package io.loadlab.report.gate;

import java.util.List;

/**
 * One threshold checked against one run.
 *
 * @param actual the value measured, in the threshold's unit; NaN when there was nothing to measure
 * @param detail what was measured, e.g. {@code p99 = 1.23ms}, or why nothing was
 */
public record ThresholdResult(Threshold threshold, double actual, boolean passed, String detail) {
    /** {@code "  pass  p99<2s  (p99 = 1.23ms)"}, the line printed after a run. */
    public String line() {
        return "  " + (passed ? "pass" : "FAIL") + "  " + threshold.text() + "  (" + detail + ")";
    }

    public static boolean allPassed(List<ThresholdResult> results) {
        return results.stream().allMatch(ThresholdResult::passed);
    }
}
