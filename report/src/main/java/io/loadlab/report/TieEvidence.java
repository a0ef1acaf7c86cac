package io.loadlab.report;

import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.TrialResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.DoubleFunction;

/**
 * What separates two models whose ranked metric is tied within noise: the server's CPU per request, the metric not
 * ranked (p99 when ranked by throughput, throughput when ranked by p99) and the server's memory, each named only
 * when the two differ by at least {@link #SEPARATES}. The lower CPU per request is the cheaper model to run at the
 * same load; it is evidence, not a significance test.
 */
final class TieEvidence {
    static final double SEPARATES = 0.10;

    private TieEvidence() {}

    static List<String> of(RankedModel a, RankedModel b, RankBy by) {
        List<String> out = new ArrayList<>();
        compare(
                out,
                a,
                b,
                a.cpuMicrosPerRequest(),
                b.cpuMicrosPerRequest(),
                true,
                "%s used %.0f%% less server CPU per request",
                Numbers::micros);
        if (by.byP99()) {
            compare(
                    out,
                    a,
                    b,
                    a.throughput().mean(),
                    b.throughput().mean(),
                    false,
                    "%s served %.0f%% more",
                    v -> Numbers.rps(v) + " req/s");
        } else {
            String of = by.request() == null ? "" : " of '" + by.request() + "'";
            compare(
                    out,
                    a,
                    b,
                    a.p99().mean(),
                    b.p99().mean(),
                    true,
                    "%s had a %.0f%% lower p99" + of,
                    v -> Numbers.ms(v) + " ms");
        }
        compare(
                out,
                a,
                b,
                rssMib(a),
                rssMib(b),
                true,
                "%s used %.0f%% less memory (RSS)",
                v -> String.format(Locale.ROOT, "%,.0f MiB", v));
        return out;
    }

    /**
     * Adds e.g. "netty used 21% less server CPU per request (245 µs vs 310 µs)" when the two differ enough; {@code
     * words} takes the better model and the percentage.
     */
    private static void compare(
            List<String> out,
            RankedModel a,
            RankedModel b,
            double va,
            double vb,
            boolean lowerIsBetter,
            String words,
            DoubleFunction<String> unit) {
        if (!separates(va, vb)) {
            return;
        }
        boolean aBetter = lowerIsBetter == va < vb;
        double better = aBetter ? va : vb;
        double worse = aBetter ? vb : va;
        double pct = lowerIsBetter ? 1 - better / worse : better / worse - 1;
        out.add(String.format(Locale.ROOT, words, (aBetter ? a : b).model(), pct * 100) + " (" + unit.apply(better)
                + " vs " + unit.apply(worse) + ")");
    }

    private static boolean separates(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b) || a <= 0 || b <= 0) {
            return false;
        }
        return Math.abs(a - b) / Math.max(a, b) >= SEPARATES;
    }

    private static double rssMib(RankedModel m) {
        return m.valid().stream()
                        .map(TrialResult::resources)
                        .filter(Objects::nonNull)
                        .map(r -> r.process("server"))
                        .filter(Objects::nonNull)
                        .mapToDouble(ProcessSeries::rssMaxBytes)
                        .average()
                        .orElse(Double.NaN)
                / 1048576.0;
    }
}
