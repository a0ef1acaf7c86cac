package io.loadlab.report;

import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.TrialResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Parity observed rather than declared: what the models of one answer did per request in their windows, from the
 * load generator (connections the server closed) and from PostgreSQL's own counters (statements on the zip-code
 * table, transactions). Where the models differ by more than {@link #TOLERANCE} of the largest, the answer says
 * {@code PARITY} with each model's figure, whatever their settings claim.
 */
final class ObservedParity {
    /** Relative difference past which the models did not do the same work. */
    static final double TOLERANCE = 0.10;

    /**
     * Closes per 1,000 requests below this are noise (an idle connection's timeout at the window's edge): no
     * difference is named unless one model reaches it.
     */
    static final double CLOSES_FLOOR = 1.0;

    private ObservedParity() {}

    /** One observed figure per model, summed over its trials' windows: a numerator per request. */
    private record Figure(String name, String format, double floor, Function<TrialResult, Double> perTrial) {}

    private static final List<Figure> FIGURES = List.of(
            new Figure("connections closed by the server per 1,000 requests", "%.1f", CLOSES_FLOOR, t -> {
                Long c = t.load().connections() == null
                        ? null
                        : t.load().connections().serverCloses();
                return c == null ? null : c * 1000.0;
            }),
            new Figure("database statements per request", "%.2f", 0, t -> {
                DependencyWork.Database d = database(t);
                Long n = d == null ? null : d.tableStatements();
                return n == null ? null : n.doubleValue();
            }),
            new Figure("database transactions per request", "%.2f", 0, t -> {
                DependencyWork.Database d = database(t);
                return d == null || d.transactions() == null
                        ? null
                        : d.transactions().doubleValue();
            }));

    /** {@code PARITY: database statements per request: spring-mvc 2.00, quarkus-reactive 4.00}, one per difference. */
    static List<String> of(List<TrialGroup> groups) {
        List<String> out = new ArrayList<>();
        for (Figure f : FIGURES) {
            Map<String, Double> byModel = perRequest(groups, f);
            if (byModel.size() < 2) {
                continue;
            }
            double max = byModel.values().stream()
                    .mapToDouble(Double::doubleValue)
                    .max()
                    .orElse(0);
            double min = byModel.values().stream()
                    .mapToDouble(Double::doubleValue)
                    .min()
                    .orElse(0);
            if (max >= f.floor && max > 0 && (max - min) / max > TOLERANCE) {
                StringBuilder b = new StringBuilder("PARITY: ").append(f.name).append(':');
                String sep = " ";
                for (Map.Entry<String, Double> e : byModel.entrySet()) {
                    b.append(sep)
                            .append(e.getKey())
                            .append(' ')
                            .append(String.format(Locale.ROOT, f.format, e.getValue()));
                    sep = ", ";
                }
                out.add(b.toString());
            }
        }
        return out;
    }

    /** Each model's figure per completed request over all its trials that counted it. */
    private static Map<String, Double> perRequest(List<TrialGroup> groups, Figure f) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (TrialGroup g : groups) {
            for (TrialResult t : g.trials()) {
                if (t.load() == null
                        || t.load().throughput() == null
                        || t.load().throughput().requests() <= 0) {
                    continue;
                }
                Double n = f.perTrial.apply(t);
                if (n != null) {
                    double[] s = sums.computeIfAbsent(g.key().model(), k -> new double[2]);
                    s[0] += n;
                    s[1] += t.load().throughput().requests();
                }
            }
        }
        Map<String, Double> out = new LinkedHashMap<>();
        sums.forEach((m, s) -> out.put(m, s[0] / s[1]));
        return out;
    }

    private static DependencyWork.Database database(TrialResult t) {
        return t.dependencies() == null ? null : t.dependencies().database();
    }
}
