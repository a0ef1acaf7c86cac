package io.loadlab.report;

import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.CapacitySearch;
import io.loadlab.core.result.CapacityStep;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One model's capacity search as a curve against offered load: each measured step's p50, p99 and goodput (responses
 * within the objective per second), lowest rate first, and the knee: the offered rate where goodput peaked, among the
 * steps that measured the model (a step the lab could not measure is drawn, never the knee).
 */
record CapacityCurve(CapacitySearch search, List<CapacityCurve.Point> points, Point knee) {

    /**
     * A measured step.
     *
     * @param goodput successful responses within the objective per second: the fraction of the latency distribution
     *     at or under the bound (from the histogram log when there is one) × the successful responses per second
     */
    record Point(double offered, double throughput, double p50, double p99, double goodput, String outcome) {}

    static CapacityCurve of(SuiteResults r, Path dir, CapacityGoal goal, CapacitySearch search) {
        List<Point> points = new ArrayList<>();
        for (CapacityStep s : search.steps()) {
            TrialResult t = r.trials() == null
                    ? null
                    : r.trials().stream()
                            .filter(x -> x.id().equals(s.trialId()))
                            .findFirst()
                            .orElse(null);
            if (t == null || t.load() == null) {
                continue;
            }
            LoadReport l = t.load();
            double good = l.requests() == 0 ? 0 : l.successes() / (double) l.requests();
            double goodput = l.throughput().rps() * good * within(LatencySpectrum.of(dir, t), goal.sloMs());
            points.add(new Point(
                    s.rateRps(),
                    l.throughput().rps(),
                    l.latencyMs().p50(),
                    l.latencyMs().p99(),
                    goodput,
                    s.outcome()));
        }
        points.sort(Comparator.comparingDouble(Point::offered));
        Point knee =
                points.stream().max(Comparator.comparingDouble(Point::goodput)).orElse(null);
        return new CapacityCurve(search, List.copyOf(points), knee);
    }

    /** The fraction (0–1) of a latency spectrum of (percentile, ms) points at or under {@code boundMs}. */
    static double within(List<double[]> spectrum, double boundMs) {
        double prevPct = 0;
        double prevMs = 0;
        for (double[] p : spectrum) {
            if (p[1] > boundMs) {
                double span = p[1] - prevMs;
                double pct = span <= 0 ? prevPct : prevPct + (p[0] - prevPct) * (boundMs - prevMs) / span;
                return pct / 100;
            }
            prevPct = p[0];
            prevMs = p[1];
        }
        return spectrum.isEmpty() ? 0 : 1;
    }
}
