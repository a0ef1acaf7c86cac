package io.loadlab.report;

import io.loadlab.core.result.CapacityInfo;
import io.loadlab.core.result.CapacitySearch;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.SuiteResults;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The answer of each capacity experiment, for the terminal: the models ranked by capacity at the objective, each
 * with its bracket (or what bounded the search), the knee and why the search ended there.
 */
final class CapacityText {
    private CapacityText() {}

    /** Every capacity experiment's answer, or an empty string when the suite has none. */
    static String render(SuiteResults r, Path dir) {
        StringBuilder out = new StringBuilder();
        for (ExperimentInfo e : r.experiments() == null ? List.<ExperimentInfo>of() : r.experiments()) {
            CapacityInfo c = e.capacity();
            if (c == null || c.searches().isEmpty()) {
                continue;
            }
            out.append('\n')
                    .append(e.name())
                    .append(", ranked by capacity at ")
                    .append(c.goal().describe())
                    .append(" (every step a fresh server)\n");
            TextTable t = new TextTable("rlllll");
            List<CapacitySearch> ranked = ranked(c);
            for (int i = 0; i < ranked.size(); i++) {
                CapacitySearch s = ranked.get(i);
                CapacityCurve curve = CapacityCurve.of(r, dir, c.goal(), s);
                t.add(List.of((i + 1) + ".", s.model(), capacity(s), bracket(s, curve), pastKnee(s), s.reason()));
            }
            t.render(TableFormat.TEXT)
                    .lines()
                    .skip(1)
                    .forEach(l -> out.append("    ").append(l).append('\n'));
        }
        return out.toString();
    }

    /** Highest capacity first; a lower bound by its bound; a search that found none last. */
    static List<CapacitySearch> ranked(CapacityInfo c) {
        return c.searches().stream()
                .sorted(Comparator.comparingDouble(CapacitySearch::capacityRps).reversed())
                .toList();
    }

    static String capacity(CapacitySearch s) {
        return switch (s.outcome()) {
            case CapacitySearch.FOUND -> Numbers.rps(s.capacityRps()) + " req/s";
            case CapacitySearch.LOWER_BOUND -> "≥ " + Numbers.rps(s.capacityRps()) + " req/s";
            default -> s.firstFailRps() == null ? "not measured" : "none";
        };
    }

    /** e.g. {@code past the knee: 1.5× sheds, 3× queues}; empty when the model was not held past it. */
    static String pastKnee(CapacitySearch s) {
        if (s.pastKnee().isEmpty()) {
            return "";
        }
        return "past the knee: "
                + s.pastKnee().stream()
                        .map(k -> factor(k.factor()) + "× " + (k.behaviour() == null ? "unmeasured" : k.behaviour()))
                        .collect(Collectors.joining(", "));
    }

    private static String factor(double f) {
        return f == Math.rint(f) ? Long.toString((long) f) : Double.toString(f);
    }

    static String bracket(CapacitySearch s, CapacityCurve curve) {
        String b = s.lastPassRps() == null && s.firstFailRps() == null
                ? ""
                : "bracket [" + (s.lastPassRps() == null ? "0" : Numbers.rps(s.lastPassRps())) + ", "
                        + (s.firstFailRps() == null ? "—" : Numbers.rps(s.firstFailRps())) + "]";
        if (curve.knee() != null) {
            b += (b.isEmpty() ? "" : "; ") + "knee " + Numbers.rps(curve.knee().offered()) + " req/s (goodput "
                    + Numbers.rps(curve.knee().goodput()) + ")";
        }
        return b;
    }
}
