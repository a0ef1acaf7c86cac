package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import io.loadlab.core.result.Environment;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.VerdictDefaults;
import java.util.LinkedHashMap;
import java.util.List;
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
        rows.put("memory", Numbers.mib(e.memoryBytes()));
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
                .append("<li><b>Warm-up</b> is sent and discarded before measuring: the suite's warmup at least,")
                .append(" then on while the server's JIT, or the lab's own JVMs', is compiling, or while the server's")
                .append(" first garbage collection would fall inside the window, up to warmup_limit; each trial's")
                .append(" facts say how long it warmed. CPU, RSS, threads and context switches are sampled from /proc")
                .append(" every second.</li>")
                .append("<li><b>Repetitions.</b> Mean ± the ")
                .append(pct(VerdictDefaults.CONFIDENCE))
                .append(" confidence interval (Student's t); differences are tested with Welch's t-test. One run")
                .append(" says nothing of significance.</li>")
                .append("<li><b>The answer.</b> Each experiment and load level opens with the best model among the")
                .append(" valid trials by the experiment's criterion (highest goodput — answers that succeeded in")
                .append(" time — optionally only under a p99 SLO, or lowest p99, of all requests or of one named")
                .append(" request; without a criterion: highest goodput in the closed model, lowest p99 in the open")
                .append(" model), the runner-up, and whether")
                .append(" the lead is significant: Welch's t-test over the repetitions when both have two or more,")
                .append(" else over the per-second windows of one run each (not independent samples: a hint), else")
                .append(" unknown. A lead that is not significant is called a tie, with what else separates the two")
                .append(" (server CPU per request, the other metric, memory).</li>")
                .append("<li><b>Unfinished requests.</b> Requests still unanswered when the window closed enter the")
                .append(" latency histogram at their age: a lower bound of their latency, so a stalled connection")
                .append(" shows in p99 and max instead of vanishing. Each trial shows how many there were, the oldest,")
                .append(" and how many connections completed nothing.</li>")
                .append("<li><b>Verdicts.</b> Invalidating (red; the trial is not comparable and never ranked):")
                .append(" APP_BROKEN (validation failed at low load), DEPENDENCY_FAILED (the backend, PostgreSQL or")
                .append(" a load generator the lab started exited or stopped answering during the trial; named with")
                .append(" the moment, and started again fresh before the next trial), ERRORS (above ")
                .append(pct(VerdictDefaults.ERROR_THRESHOLD))
                .append(" of requests, sheds excluded: a 503 sheds load only in an overload experiment or with")
                .append(" Retry-After, never when it names the database or the backend; or goodput short of the")
                .append(" answers at a load the server should carry), LOADGEN_SATURATED (a load-generator core under ")
                .append(pct(VerdictDefaults.LOADGEN_MIN_IDLE))
                .append(" idle), DEPENDENCY_BOUND (a dependency over ")
                .append(pct(VerdictDefaults.DEPENDENCY_BUSY))
                .append(" busy or iowait over ")
                .append(pct(VerdictDefaults.IOWAIT_THRESHOLD))
                .append(": the number is the dependency's), WORK_MISMATCH (dependency calls, rows or a request's")
                .append(" share of the mix off by more than ")
                .append(pct(VerdictDefaults.WORK_TOLERANCE))
                .append("), and STARVED (more than ")
                .append(pct(VerdictDefaults.STARVED_CONNECTIONS))
                .append(" of the connections completed nothing in the window), METASTABLE and NO_RECOVERY (goodput")
                .append(" did not come back after a dependency's slowdown or failure) —")
                .append(" outlined in purple because they are true findings about the model, e.g. a server that serves")
                .append(" one connection at a time, not a failed measurement. Warnings (amber; the number stands")
                .append(" and is shown with them): NOT_STEADY (windows vary by more than ")
                .append(pct(VerdictDefaults.STEADY_TOLERANCE))
                .append(", or the server's JIT compiled through the window after the warm-up's limit, ")
                .append(pct(VerdictDefaults.JIT_SHARE))
                .append(" of its CPU or more), LITTLE_MISMATCH (connections ≠ throughput × mean latency beyond ")
                .append(pct(VerdictDefaults.LITTLE_TOLERANCE))
                .append("), BELOW_CEILING (under ")
                .append(pct(VerdictDefaults.BELOW_CEILING))
                .append(" of the ceiling with nothing saturated; the reason names the")
                .append(" limit inside the server from evidence such as the backend's peak concurrent calls).</li>")
                .append("<li><b>Server CPU per request</b> is the server's CPU in the window over the requests it")
                .append(" completed. Over loopback the core that sends a response also runs the load generator's")
                .append(" receiving of it and wakes the load generator's thread when it was waiting: work a network")
                .append(" would leave to the client's host, counted here for every model (17–22% of nginx's CPU in")
                .append(" a perf profile, the waking included; docs/methodology.md).</li>")
                .append("<li><b>Ceilings.</b> The workload ceiling is the most the load allows (connections ÷ delay,")
                .append(" or the target rate); the design cap is the most the model allows by its own settings")
                .append(" (e.g. 100 threads ÷ 100 ms). A model on either is limited by design, not by the")
                .append(" machine.</li>")
                .append("</ul></section>\n");
    }

    static void files(StringBuilder h, SuiteResults r) {
        h.append("<section id=\"files\"><h2>Raw files</h2><p>")
                .append("<a href=\"results.json\">results.json</a> · <a href=\"environment.json\">")
                .append("environment.json</a> — paths are relative to this report.</p><ul class=\"files\">");
        for (TrialResult t : r.trials() == null ? List.<TrialResult>of() : r.trials()) {
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
