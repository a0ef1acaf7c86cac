package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.CapacityInfo;
import io.loadlab.core.result.CapacitySearch;
import io.loadlab.core.result.CapacityStep;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.SuiteResults;
import java.nio.file.Path;
import java.util.List;

/**
 * A capacity experiment's part of its report section: the models ranked by capacity at the objective, and per model
 * the knee: p50 and p99 against offered load with the objective's line, and goodput beside throughput against offered
 * load, the knee (the offered rate of the highest goodput) marked on both; then the steps with their judgement.
 */
final class CapacityHtml {
    private CapacityHtml() {}

    static void section(StringBuilder h, ExperimentInfo e, SuiteResults r, Path dir) {
        CapacityInfo c = e.capacity();
        if (c == null) {
            return;
        }
        CapacityGoal goal = c.goal();
        h.append("<div class=\"capacity\"><h3>Capacity at ")
                .append(esc(goal.describe()))
                .append("</h3>\n");
        if (c.searches().isEmpty()) {
            h.append("<p class=\"meta\">No search finished.</p></div>\n");
            return;
        }
        h.append("<table><tr><th></th><th>model</th><th>capacity</th><th>bracket · knee</th><th>past the knee</th>"
                + "<th>why it ended there</th></tr>\n");
        List<CapacitySearch> ranked = CapacityText.ranked(c);
        for (int i = 0; i < ranked.size(); i++) {
            CapacitySearch s = ranked.get(i);
            CapacityCurve curve = CapacityCurve.of(r, dir, goal, s);
            h.append("<tr><td>")
                    .append(i + 1)
                    .append(".</td><td>")
                    .append(esc(s.model()))
                    .append("</td><td><b>")
                    .append(esc(CapacityText.capacity(s)))
                    .append("</b></td><td>")
                    .append(esc(CapacityText.bracket(s, curve)))
                    .append("</td><td>")
                    .append(esc(s.reason()))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
        for (CapacitySearch s : ranked) {
            knee(h, goal, CapacityCurve.of(r, dir, goal, s));
        }
        h.append("</div>\n");
    }

    private static void knee(StringBuilder h, CapacityGoal goal, CapacityCurve curve) {
        CapacitySearch s = curve.search();
        h.append("<h4>").append(esc(s.model())).append(": the knee</h4>\n");
        if (curve.points().isEmpty()) {
            h.append("<p class=\"meta\">No step was measured: nothing to draw.</p>\n");
        } else {
            double xMax = curve.points().stream()
                            .mapToDouble(CapacityCurve.Point::offered)
                            .max()
                            .orElse(1)
                    * 1.05;
            double yLatency = Math.max(
                    goal.sloMs() * 3,
                    curve.points().stream()
                                    .mapToDouble(CapacityCurve.Point::p50)
                                    .max()
                                    .orElse(0)
                            * 1.1);
            SvgChart latency = new SvgChart("offered load (req/s)", "latency (ms)", xMax, yLatency)
                    .series(
                            "p50",
                            "#2980b9",
                            curve.points().stream()
                                    .map(p -> new double[] {p.offered(), p.p50()})
                                    .toList())
                    .series(
                            "p99",
                            "#8e44ad",
                            curve.points().stream()
                                    .map(p -> new double[] {p.offered(), p.p99()})
                                    .toList())
                    .horizontal(goal.sloMs(), "objective " + goal.slo());
            SvgChart goodput = new SvgChart("offered load (req/s)", "req/s", xMax, xMax)
                    .series(
                            "offered",
                            "#bbb",
                            curve.points().stream()
                                    .map(p -> new double[] {p.offered(), p.offered()})
                                    .toList())
                    .series(
                            "throughput",
                            "#27ae60",
                            curve.points().stream()
                                    .map(p -> new double[] {p.offered(), p.throughput()})
                                    .toList())
                    .series(
                            "goodput",
                            "#d35400",
                            curve.points().stream()
                                    .map(p -> new double[] {p.offered(), p.goodput()})
                                    .toList());
            if (curve.knee() != null) {
                String label = "knee " + Numbers.rps(curve.knee().offered());
                latency.vertical(curve.knee().offered(), label);
                goodput.vertical(curve.knee().offered(), label);
            }
            h.append("<div class=\"charts\">")
                    .append(latency.svg(s.model() + ": p50 and p99 against offered load"))
                    .append(goodput.svg(s.model() + ": goodput and throughput against offered load"))
                    .append("</div>\n");
        }
        h.append("<details><summary>")
                .append(s.steps().size())
                .append(" steps</summary><table><tr><th>rate"
                        + " (req/s)</th><th>step</th><th>why</th><th>trial</th></tr>\n");
        for (CapacityStep step : s.steps()) {
            h.append("<tr><td>")
                    .append(esc(Numbers.rps(step.rateRps())))
                    .append("</td><td>")
                    .append(esc(step.outcome()))
                    .append("</td><td>")
                    .append(esc(step.why()))
                    .append("</td><td>")
                    .append(esc(step.trialId()))
                    .append("</td></tr>\n");
        }
        h.append("</table></details>\n");
    }
}
