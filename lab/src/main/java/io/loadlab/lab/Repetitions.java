package io.loadlab.lab;

import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.TrialResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Mean and 95% confidence interval of the throughput of repeated trials (same experiment, model and load level),
 * over the valid ones only: Student's t, since repetitions are few.
 */
public final class Repetitions {
    /** Two-sided 95% t quantiles for 1..30 degrees of freedom; beyond, the normal's 1.96. */
    private static final double[] T95 = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042
    };

    /** {@code n} valid trials of {@code of} trials; {@code halfWidth} is NaN below 2 valid trials. */
    public record Summary(
            String experiment, String model, LoadLevel level, int n, int of, double meanRps, double halfWidth) {}

    private Repetitions() {}

    public static List<Summary> summarise(List<TrialResult> trials) {
        Map<String, List<TrialResult>> groups = new LinkedHashMap<>();
        for (TrialResult t : trials) {
            groups.computeIfAbsent(t.experiment() + "|" + t.model() + "|" + t.loadLevel(), k -> new ArrayList<>())
                    .add(t);
        }
        List<Summary> out = new ArrayList<>();
        for (List<TrialResult> g : groups.values()) {
            double[] x = g.stream()
                    .filter(TrialResult::valid)
                    .mapToDouble(t -> t.load().throughputRps())
                    .toArray();
            TrialResult first = g.get(0);
            out.add(new Summary(
                    first.experiment(), first.model(), first.loadLevel(), x.length, g.size(), mean(x), halfWidth(x)));
        }
        return out;
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return x.length == 0 ? Double.NaN : s / x.length;
    }

    static double halfWidth(double[] x) {
        if (x.length < 2) {
            return Double.NaN;
        }
        double m = mean(x);
        double ss = 0;
        for (double v : x) {
            ss += (v - m) * (v - m);
        }
        double sd = Math.sqrt(ss / (x.length - 1));
        int df = x.length - 1;
        double t = df <= T95.length ? T95[df - 1] : 1.96;
        return t * sd / Math.sqrt(x.length);
    }
}
