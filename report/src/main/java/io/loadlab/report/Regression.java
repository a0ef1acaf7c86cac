package io.loadlab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A group where run B is worse than run A by more than a margin — lower throughput or higher p99 — and, when both
 * runs have repetitions, significantly so by Welch's t-test (the {@link Change} says {@code slower}). Without
 * repetitions the significance is unknown and the margin alone decides; the line says so. CI's regression gate of
 * {@code loadlab compare --fail-on-regression}.
 *
 * @param metric {@code throughput} or {@code p99}
 */
public record Regression(GroupKey key, String metric, Change change) {

    /** Every regression beyond {@code margin} (a fraction, e.g. 0.05), in the comparison's order. */
    public static List<Regression> find(Comparison c, double margin) {
        List<Regression> out = new ArrayList<>();
        for (ComparisonRow row : c.rows()) {
            if (row.throughput() != null
                    && worse(row.throughput(), -row.throughput().relative(), margin)) {
                out.add(new Regression(row.key(), "throughput", row.throughput()));
            }
            if (row.p99() != null && worse(row.p99(), row.p99().relative(), margin)) {
                out.add(new Regression(row.key(), "p99", row.p99()));
            }
        }
        return List.copyOf(out);
    }

    /** {@code loss} is how much worse B is, as a fraction: positive when worse. */
    private static boolean worse(Change change, double loss, double margin) {
        if (!(loss > margin)) {
            return false;
        }
        return change.p() == null || change.word().equals(Change.SLOWER);
    }

    public boolean significanceKnown() {
        return change.p() != null;
    }

    /**
     * {@code "rxjava-servers / netty / delay / 100 conn: throughput -12.3% (p = 0.004), significantly worse"} or
     * {@code "...: p99 +40.0%, significance unknown (no repetitions): decided on the margin alone"}.
     */
    public String line() {
        return key.label() + ": " + metric + " " + change.detail()
                + (significanceKnown()
                        ? ", significantly worse"
                        : ", significance unknown (no repetitions): decided on the margin alone");
    }
}
