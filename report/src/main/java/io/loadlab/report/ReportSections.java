package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import io.loadlab.core.Defaults;
import io.loadlab.core.result.Environment;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The suite-wide sections of the report: environment, methodology and the raw files. */
final class ReportSections {
    private ReportSections() {}

    static void environment(StringBuilder h, Environment e) {
        h.append("<section id=\"environment\"><h2>Environment</h2>");
        if (e == null) {
            h.append("<p>No environment.json: the machine these results came from is unknown.</p></section>\n");
            return;
        }
        Map<String, Object> rows = new LinkedHashMap<>();
        rows.put("host", e.hostname());
        rows.put("CPU", e.cpuModel() + " — " + e.cpusOnline() + " online, " + e.cpusUsable() + " usable");
        rows.put("memory", Fmt.mib(e.memoryBytes()));
        rows.put("OS / kernel", e.os() + " / " + e.kernel());
        rows.put("JDK", e.jdk() + " (" + e.jdkVendor() + ")");
        rows.put("JVM flags", e.jvmFlags() == null ? "" : String.join(" ", e.jvmFlags()));
        rows.put("CPU split (pinning)", e.cpuSplit());
        rows.put("limits", e.limits());
        rows.put("loadlab", e.loadlabVersion() + (e.gitCommit() == null ? "" : " @ " + e.gitCommit()));
        rows.put("recorded", e.recordedAt());
        h.append("<table class=\"kv\">");
        rows.forEach((k, v) -> h.append("<tr><th>")
                .append(esc(k))
                .append("</th><td>")
                .append(esc(v == null ? "" : v))
                .append("</td></tr>"));
        h.append("</table></section>\n");
    }

    static void methodology(StringBuilder h) {
        h.append("<section id=\"methodology\"><h2>Methodology</h2><ul>")
                .append("<li><b>Coordinated omission.</b> In the open model latency runs from each request's intended")
                .append(" send time, so a stalled server is charged for every request it delayed; the closed model")
                .append(" measures from the actual send, like wrk.</li>")
                .append("<li><b>Validation gate.</b> Every trial first checks the scenario's requests at low load")
                .append(" (status, headers, body, bad input). A broken app is APP_BROKEN and gets no number.</li>")
                .append("<li><b>Pinning and fresh processes.</b> Server, load generator and dependencies run as")
                .append(" separate processes on their own CPUs; the server is started fresh for every trial.</li>")
                .append("<li><b>Warm-up</b> is sent and discarded before measuring; CPU, RSS, threads and context")
                .append(" switches are sampled from /proc every second.</li>")
                .append("<li><b>Repetitions.</b> Mean ± the ")
                .append(pct(Defaults.CONFIDENCE))
                .append(" confidence interval (Student's t); differences are tested with Welch's t-test. One run")
                .append(" says nothing of significance.</li>")
                .append("<li><b>Verdict thresholds.</b> ERRORS above ")
                .append(pct(Defaults.ERROR_THRESHOLD))
                .append(" of requests (rejections excluded); LOADGEN_SATURATED when a load-generator core is under ")
                .append(pct(Defaults.LOADGEN_MIN_IDLE))
                .append(" idle or the achieved rate is under ")
                .append(pct(Defaults.RATE_TOLERANCE))
                .append(" of the target; DEPENDENCY_BOUND when a dependency is over ")
                .append(pct(Defaults.DEPENDENCY_BUSY))
                .append(" busy or iowait is over ")
                .append(pct(Defaults.IOWAIT_THRESHOLD))
                .append("; NOT_STEADY when windows vary by more than ")
                .append(pct(Defaults.STEADY_TOLERANCE))
                .append("; LITTLE_MISMATCH beyond ")
                .append(pct(Defaults.LITTLE_TOLERANCE))
                .append("; WORK_MISMATCH beyond ")
                .append(pct(Defaults.WORK_TOLERANCE))
                .append(". APP_BROKEN, ERRORS, LOADGEN_SATURATED and WORK_MISMATCH make a trial invalid: greyed,")
                .append(" never a winner.</li>")
                .append("<li><b>Ceilings.</b> The dashed lines are theoretical bounds (connections ÷ delay, threads ÷")
                .append(" delay); a model on its ceiling is limited by design, not by the machine.</li>")
                .append("</ul></section>\n");
    }

    static void files(StringBuilder h, SuiteResults r) {
        h.append("<section id=\"files\"><h2>Raw files</h2><p>")
                .append("<a href=\"results.json\">results.json</a> · <a href=\"environment.json\">")
                .append("environment.json</a> — paths are relative to this report.</p><ul class=\"files\">");
        for (TrialResult t : r.trials() == null ? java.util.List.<TrialResult>of() : r.trials()) {
            h.append("<li>").append(esc(t.id())).append(": ");
            ReportTables.files(h, t.files());
            h.append("</li>");
        }
        h.append("</ul></section>\n");
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }
}
