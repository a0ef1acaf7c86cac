package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.Metastability;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.result.VerdictDefaults;
import java.util.List;
import java.util.Locale;

/**
 * An experiment with a trigger (its backend slowed for a while mid-window) or a fault (a dependency killed and started
 * again, or stopped and continued): per trial, goodput and throughput second by second with the trigger or the outage
 * shaded and the recovery line (90% of the goodput before it), and a table of goodput before, during and after, the
 * errors during an outage, the time to recover, and whether the model stayed down ({@code METASTABLE}) or never
 * came back ({@code NO_RECOVERY}).
 */
final class MetastabilityHtml {
    private MetastabilityHtml() {}

    static void section(StringBuilder h, ExperimentInfo e, SuiteResults r) {
        List<TrialResult> trials = r.trials() == null
                ? List.of()
                : r.trials().stream()
                        .filter(t -> t.metastability() != null
                                && t.key().experiment().equals(e.name()))
                        .toList();
        if (trials.isEmpty()) {
            return;
        }
        boolean fault = trials.get(0).metastability().fault();
        h.append("<div class=\"metastability\"><h3>")
                .append(fault ? "After " + esc(trials.get(0).metastability().cause()) : "After the trigger")
                .append("</h3>\n<table><tr><th>model</th><th>")
                .append(fault ? "outage" : "retries")
                .append("</th><th>goodput before</th><th>during</th><th>after</th>")
                .append(fault ? "<th>errors during the outage</th>" : "")
                .append("<th>recovered (90%) after</th><th>finding</th><th>trial</th></tr>\n");
        for (TrialResult t : trials) {
            Metastability m = t.metastability();
            h.append("<tr><td>")
                    .append(esc(t.key().model()))
                    .append("</td><td>")
                    .append(fault ? esc(seconds(m.triggerForS())) : String.valueOf(m.retries()))
                    .append("</td><td>")
                    .append(esc(Numbers.rps(m.beforeRps())))
                    .append(" req/s</td><td>")
                    .append(esc(Numbers.rps(m.duringRps())))
                    .append("</td><td>")
                    .append(esc(Numbers.rps(m.afterRps())))
                    .append("</td><td>")
                    .append(
                            fault
                                    ? esc(Numbers.count(m.errorsDuring() == null ? 0 : m.errorsDuring())) + "</td><td>"
                                    : "")
                    .append(m.recoveryS() == null ? "never, in the window" : esc(seconds(m.recoveryS())))
                    .append("</td><td>")
                    .append(
                            fault && m.recoveryS() == null
                                    ? "<b>" + VerdictCode.NO_RECOVERY + "</b>"
                                    : !fault && m.metastable()
                                            ? "<b>" + VerdictCode.METASTABLE + "</b>: down " + esc(seconds(m.downS()))
                                            : "recovered")
                    .append("</td><td>")
                    .append(esc(t.id()))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n<div class=\"charts\">");
        for (TrialResult t : trials) {
            h.append(chart(t));
        }
        h.append("</div></div>\n");
    }

    private static String chart(TrialResult t) {
        Metastability m = t.metastability();
        double xMax = m.timeline().isEmpty()
                ? 1
                : m.timeline().get(m.timeline().size() - 1).tS();
        double yMax = m.timeline().stream()
                        .mapToDouble(p -> Math.max(p.goodputRps(), p.throughputRps()))
                        .max()
                        .orElse(1)
                * 1.1;
        SvgChart c = new SvgChart("seconds into the window", "req/s", xMax, yMax)
                .band(m.triggerAtS(), m.triggerAtS() + m.triggerForS(), m.fault() ? "outage" : "trigger")
                .series(
                        "throughput",
                        "#27ae60",
                        m.timeline().stream()
                                .map(p -> new double[] {p.tS(), p.throughputRps()})
                                .toList())
                .series(
                        "goodput",
                        "#d35400",
                        m.timeline().stream()
                                .map(p -> new double[] {p.tS(), p.goodputRps()})
                                .toList())
                .horizontal(VerdictDefaults.RECOVERED * m.beforeRps(), "90% of before");
        if (m.fault()) {
            return c.svg(t.key().model() + ": goodput through the outage (" + m.cause() + ")");
        }
        return c.svg(t.key().model() + (m.retries() > 0 ? ", " + m.retries() + " retries" : ", no retries")
                + ": goodput through the trigger");
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.0f s", s);
    }
}
