package io.loadlab.cli;

import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Percent;
import io.loadlab.core.unit.Rate;
import io.loadlab.loadgen.LoadGenerator;
import io.loadlab.loadgen.LoadResult;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.LoadSummary;
import io.loadlab.loadgen.LoadgenDefaults;
import io.loadlab.loadgen.ProgressListener;
import io.loadlab.loadgen.RequestSpec;
import io.loadlab.loadgen.Scenario;
import io.loadlab.loadgen.Transport;
import io.loadlab.report.export.LoadCsv;
import io.loadlab.report.gate.Threshold;
import io.loadlab.report.gate.ThresholdResult;
import io.netty.util.ResourceLeakDetector;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        defaultValueProvider = LoadDefaults.class,
        sortOptions = false,
        description = {
            "Generate load against a URL, wrk-style: closed model (-c connections, each sends its next request when"
                    + " the previous response ends) or open model (-R requests/s at intended times, latency charged"
                    + " from the intended send time, as wrk2). Requests still unanswered when the window closes"
                    + " are counted as unfinished and enter the latency at their age."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the run completed: requests succeeded, errors stayed within --max-error-rate and every --threshold"
                    + " held",
            "1:no request succeeded, or errors exceeded --max-error-rate (the summary says which); it takes"
                    + " precedence over 99, as a run that failed outright measured no SLO",
            "2:a usage error or an unreachable target (one line on stderr, nothing sent)",
            "3:an internal error",
            "99:a --threshold failed (as in k6); each is printed with the value measured"
        })
final class LoadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "URL",
            description = "http:// or https:// target; scenario paths are" + " appended to its scheme://host:port.")
    String url;

    @Option(
            names = {"-c", "--connections"},
            converter = CountConverter.class,
            description = "Connections (open model: initial), e.g. 100 or 10k. (default: ${DEFAULT-VALUE})")
    int connections;

    @Option(
            names = {"-t", "--threads"},
            description = "Load threads, each with its own event loop (default: usable CPUs, ${DEFAULT-VALUE})")
    int threads;

    @Option(
            names = {"-d", "--duration"},
            description = "Measured duration, e.g. 30s, 2m, 1m30s. (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(
            names = {"-R", "--rate"},
            description = "Open model: total requests/s (e.g. 5000, 10k). Absent: closed model.")
    String rate;

    @Option(
            names = "--timeout",
            description = "A response slower than this is a timeout error. (default: ${DEFAULT-VALUE})")
    String timeout;

    @Option(
            names = {"-H", "--header"},
            description = "Extra request header 'Name: value' (repeatable).")
    List<String> headers = new ArrayList<>();

    @Option(
            names = {"-X", "--method"},
            description = "HTTP method. (default: ${DEFAULT-VALUE})")
    String method;

    @Option(
            names = "--http2",
            description = "HTTP/2: h2c with prior knowledge for http://, ALPN h2 for https://. (default: HTTP/1.1)")
    boolean http2;

    @Option(
            names = {"-m", "--max-streams"},
            paramLabel = "N",
            description = "HTTP/2: concurrent streams per connection (h2load's -m), capped by the server's"
                    + " SETTINGS_MAX_CONCURRENT_STREAMS. (default: ${DEFAULT-VALUE})")
    int maxStreams;

    @Option(names = "--body", paramLabel = "TEXT|@FILE", description = "Request body, or @FILE to read it from a file.")
    String body;

    @Option(names = "--latency", description = "Print the latency percentile spectrum.")
    boolean latency;

    @Option(names = "--warmup", description = "Load sent before measuring, not recorded. (default: ${DEFAULT-VALUE})")
    String warmup;

    @Option(
            names = "--scenario",
            paramLabel = "FILE",
            description = "YAML scenario of weighted named requests (docs/scenarios.md).")
    Path scenario;

    @Option(
            names = "--max-connections",
            converter = CountConverter.class,
            description = "Open model: most connections opened when due requests find none free. (default: max(-c, "
                    + LoadgenDefaults.OPEN_MAX_CONNECTIONS + "))")
    Integer maxConnections;

    @Option(
            names = "--source-addresses",
            paramLabel = "A-B",
            description =
                    "Local addresses to spread connections over, e.g. 127.0.0.1-127.0.0.16 (passes the ~28k ports per target limit).")
    String sourceAddresses;

    @Option(
            names = "--expect-status",
            paramLabel = "CODES",
            description = "Statuses counted as success, e.g. 200,201 or 200-299 (default: any 2xx or 3xx).")
    String expectStatus;

    @Option(
            names = "--json",
            paramLabel = "FILE",
            description = "Write the report as JSON (docs/load-json.md); '-' writes it to stdout, and the human"
                    + " summary goes to stderr.")
    Path json;

    @Option(
            names = "--csv",
            paramLabel = "FILE",
            description = "Write the summary as CSV: a row for the run, then one per request class (docs/load-json.md);"
                    + " '-' writes it to stdout, and the human summary goes to stderr.")
    Path csv;

    @Mixin
    GateOptions gate;

    @Option(
            names = "--hlog",
            paramLabel = "FILE",
            description = "Write an HdrHistogram interval log (microseconds, one interval per second).")
    Path hlog;

    @Option(names = "--insecure", description = "HTTPS without certificate verification.")
    boolean insecure;

    @Option(
            names = "--max-error-rate",
            paramLabel = "PERCENT",
            description = "Exit 1 when failed requests (every error category, unexpected statuses included) exceed"
                    + " this share of the requests, e.g. 0.1%% or 5%%. (default: 1%%, the lab's own limit)")
    String maxErrorRate;

    @Option(
            names = "--agents",
            paramLabel = "N",
            description = "Split the load over N agent processes on this host (-c, -R and --max-connections divided,"
                    + " the remainder to the first; -t is per agent), opened at one shared instant and merged"
                    + " exactly; with --json F their outputs stay in F.agents/ (docs/distributed.md)."
                    + " (default: ${DEFAULT-VALUE})")
    int agents;

    private static final String LEAK_DETECTION = "io.netty.leakDetection.level";

    /** Printed when the warm-up ends and measurement begins. */
    public static final String MEASURING_LINE = "  warm-up over; measuring";

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (agents != 1) {
            return LoadAgents.run(this, spec);
        }
        LoadSpec load = buildSpec();
        List<Threshold> thresholds = gate.parsed();
        LoadGate.requireKnownClasses(
                thresholds, load.requests().stream().map(RequestSpec::name).toList());
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean machineOnStdout = machineOutputOnStdout();
        // Data and words are separate streams: with an export on stdout, everything for people goes to stderr.
        PrintWriter out = machineOnStdout ? err : stdout;
        boolean live = isTerminal(machineOnStdout ? 2 : 1);
        AtomicBoolean hinted = new AtomicBoolean();
        AtomicBoolean capped = new AtomicBoolean();
        ProgressListener listener = new ProgressListener() {
            @Override
            public void started(Transport transport) {
                out.print(LoadSummary.header(load, transport));
                out.flush();
            }

            @Override
            public void measuring() {
                // A line, not just a note: the lab reads the work counters of dependencies when it appears.
                if (load.warmup().nanos() > 0) {
                    out.println(MEASURING_LINE);
                    out.flush();
                }
            }

            @Override
            public void interval(IntervalStats s) {
                if (live) {
                    out.print("\r" + LoadSummary.progress(s) + "   ");
                    out.flush();
                }
            }

            @Override
            public void streamsCapped(int requested, long allowed) {
                if (capped.compareAndSet(false, true)) {
                    err.println("loadlab load: the server allows " + allowed + " concurrent streams per connection;"
                            + " -m " + requested + " capped to " + allowed);
                    err.flush();
                }
            }

            @Override
            public void connectError(Throwable cause) {
                String hint = io.loadlab.loadgen.ConnectHints.hint(cause);
                if (hint != null && hinted.compareAndSet(false, true)) {
                    err.println("loadlab load: connect failed: " + cause.getMessage() + "; " + hint);
                    err.flush();
                }
            }
        };
        if (System.getProperty(LEAK_DETECTION) == null) {
            // The sampled leak detector wraps every 128th buffer and records stack traces: CPU the load generator
            // needs for load. The tests keep it on; -Dio.netty.leakDetection.level=simple turns it back on here.
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
        LoadResult result = LoadGenerator.runWithHistograms(load, listener);
        if (live) {
            out.print("\r" + " ".repeat(70) + "\r");
        }
        return finish(result.report(), LoadSummary.format(result, latency), thresholds, machineOnStdout);
    }

    /**
     * How every run ends, whole or merged from agents: the summary for people, the thresholds, the exports, and the
     * exit status (1 outranks 99).
     */
    int finish(LoadReport report, String summary, List<Threshold> thresholds, boolean machineOnStdout) {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = machineOnStdout ? err : stdout;
        out.print(summary);
        List<ThresholdResult> checked = Threshold.checkAll(thresholds, report);
        if (!checked.isEmpty()) {
            out.println("Thresholds:");
            checked.forEach(c -> out.println(c.line()));
        }
        out.flush();
        if (json != null) {
            Output.write(json, Json.writePretty(report) + "\n", stdout);
        }
        if (csv != null) {
            Output.write(csv, LoadCsv.render(report), stdout);
        }
        String failure = failure(report, maxErrorRate());
        if (gate.junit != null) {
            Output.write(gate.junit, LoadGate.junit(url, failure, checked), stdout);
        }
        if (failure != null) {
            err.println("loadlab load: " + failure);
            err.flush();
            return Main.EXIT_FAILED;
        }
        String missed = LoadGate.failure(checked);
        if (missed != null) {
            err.println("loadlab load: " + missed);
            err.flush();
            return Main.EXIT_THRESHOLDS;
        }
        return Main.EXIT_OK;
    }

    /** True when an export goes to stdout; at most one may, or their text would interleave. */
    boolean machineOutputOnStdout() {
        List<String> onStdout = new ArrayList<>();
        if (Output.isStdout(json)) {
            onStdout.add("--json");
        }
        if (Output.isStdout(csv)) {
            onStdout.add("--csv");
        }
        if (Output.isStdout(gate.junit)) {
            onStdout.add("--junit");
        }
        if (onStdout.size() > 1) {
            throw new UserError(String.join(" and ", onStdout)
                    + " both write to stdout ('-'); give all but one of them a file name");
        }
        return !onStdout.isEmpty();
    }

    Percent maxErrorRate() {
        try {
            return Percent.parse(maxErrorRate);
        } catch (IllegalArgumentException e) {
            throw new UserError("--max-error-rate: " + e.getMessage());
        }
    }

    /** Why the run failed in a way a script must notice, or null when it did not. */
    static String failure(LoadReport r, Percent maxErrorRate) {
        if (r.successes() == 0) {
            List<String> why = r.errors().describe();
            long waiting = r.unfinished() == null ? 0 : r.unfinished().count();
            return "no request succeeded ("
                    + (why.isEmpty() ? "no response at all" : String.join(", ", why))
                    + (waiting > 0 ? "; " + waiting + " still unanswered when the window closed" : "")
                    + "); exit 1";
        }
        if (r.errorRate() > maxErrorRate.fraction()) {
            return String.format(
                            Locale.ROOT,
                            "%.2f%% of the requests failed, above --max-error-rate %s (",
                            r.errorRate() * 100,
                            maxErrorRate)
                    + String.join(", ", r.errors().describe()) + "); exit 1";
        }
        return null;
    }

    LoadSpec buildSpec() {
        return specBuilder().build();
    }

    /** The spec's builder, every option applied, for callers that adjust it (a load agent takes its share). */
    LoadSpec.Builder specBuilder() {
        maxErrorRate(); // a bad value is an error before any load is sent
        LoadSpec.Builder b = LoadSpec.builder(url)
                .connections(connections)
                .threads(threads)
                .duration(Duration.parse(duration))
                .timeout(Duration.parse(timeout))
                .warmup(Duration.parse(warmup))
                .rate(rate == null ? null : Rate.parse(rate))
                .maxConnections(maxConnections)
                .sourceAddresses(LoadAddresses.parse(sourceAddresses))
                .insecure(insecure)
                .http2(http2)
                .maxStreams(maxStreams)
                .hlog(hlog);
        Set<Integer> expected = expectStatus == null ? null : statuses(expectStatus);
        Map<String, String> hdrs = headers();
        List<RequestSpec> requests = new ArrayList<>();
        if (scenario != null) {
            Scenario s = Scenario.load(scenario);
            b.assign(s.assign()).seed(s.seed()).scenarioName(s.name());
            for (RequestSpec r : s.requests()) {
                Map<String, String> merged = new LinkedHashMap<>(hdrs);
                merged.putAll(r.headers());
                RequestSpec m = new RequestSpec(
                        r.name(),
                        r.weight(),
                        r.method(),
                        r.path(),
                        merged,
                        r.body(),
                        r.data(),
                        r.pick(),
                        r.from(),
                        r.to(),
                        r.expectStatus());
                requests.add(expected != null && r.expectStatus() == null ? m.withExpectStatus(expected) : m);
            }
        } else {
            RequestSpec r = RequestSpec.of(method.toUpperCase(), b.target().pathAndQuery(), hdrs, body());
            requests.add(expected == null ? r : r.withExpectStatus(expected));
        }
        return b.requests(requests);
    }

    private Map<String, String> headers() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String h : headers) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                throw new UserError("-H '" + h + "' is not 'Name: value'; e.g. -H 'Accept: text/plain'");
            }
            out.put(h.substring(0, colon).trim(), h.substring(colon + 1).trim());
        }
        return out;
    }

    private String body() {
        if (body == null || !body.startsWith("@")) {
            return body;
        }
        Path file = Path.of(body.substring(1));
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError("cannot read body file " + file + " ("
                    + e.getClass().getSimpleName() + "); check the path after --body @");
        }
    }

    static Set<Integer> statuses(String text) {
        Set<Integer> out = new LinkedHashSet<>();
        try {
            for (String part : text.split(",")) {
                String p = part.trim();
                int dash = p.indexOf('-');
                int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash).trim());
                int to =
                        dash < 0 ? from : Integer.parseInt(p.substring(dash + 1).trim());
                if (from < 100 || to > 599 || to < from) {
                    throw new NumberFormatException();
                }
                for (int s = from; s <= to; s++) {
                    out.add(s);
                }
            }
        } catch (NumberFormatException e) {
            throw new UserError("--expect-status '" + text + "': expected codes 100-599 such as 200,201 or 200-299");
        }
        return out;
    }

    private static boolean isTerminal(int fd) {
        try {
            String target =
                    Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
