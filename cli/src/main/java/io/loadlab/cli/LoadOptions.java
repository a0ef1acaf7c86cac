package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.LoadgenDefaults;
import io.loadlab.loadgen.RequestSpec;
import io.loadlab.loadgen.RetryPolicy;
import io.loadlab.loadgen.Scenario;
import io.loadlab.loadgen.WeightedRequest;
import io.loadlab.transport.NettyTransport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options that say what load to send, shared as a mixin by {@code load}, {@code agent} and {@code k8s} (as JMH's
 * {@code CommandLineOptions} is its {@code Options}): parsed once into the immutable {@link LoadSpec} the engine
 * reads, every value checked here or in the spec, so the three commands cannot read them differently. Their defaults
 * come from {@link LoadDefaults}, which each command names.
 */
final class LoadOptions {
    @Parameters(
            index = "0",
            paramLabel = "URL",
            description = "http:// or https:// target; scenario paths are appended to its scheme://host:port.")
    String url;

    @Option(
            names = {"-c", "--connections"},
            converter = CountConverter.class,
            description = "Connections (open model: initial), e.g. 100 or 10k. (default: ${DEFAULT-VALUE})")
    int connections;

    @Option(
            names = {"-t", "--threads"},
            description = "Load threads, each with its own event loop (default: the CPUs of the machine that sends the"
                    + " load: here the usable CPUs, in k8s a pod's --cpu)")
    Integer threads;

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
            names = "--retries",
            paramLabel = "N",
            description = "Retry a failed attempt (timeout, connection error or 5xx) up to N times; a retry's latency"
                    + " runs from its first attempt's intended send. (default: ${DEFAULT-VALUE})")
    int retries;

    @Option(
            names = "--retry-backoff",
            paramLabel = "DURATION",
            description = "The first retry's backoff bound, doubled per retry up to "
                    + "1s, each drawn uniformly below it (full jitter). (default: ${DEFAULT-VALUE})")
    String retryBackoff;

    @Option(
            names = "--transport",
            paramLabel = "NAME",
            description = "Netty transport of the load threads: " + NettyTransport.NAMES + "; "
                    + NettyTransport.FALLBACK + " (default: ${DEFAULT-VALUE}).")
    String transport = LoadgenDefaults.TRANSPORT.id();

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
            names = "--expect-body",
            paramLabel = "TEXT",
            description = "The exact body of a right answer: one in " + LoadgenDefaults.ANSWER_SAMPLE_EVERY
                    + " answers is checked, and a wrong one counts as a wrong_answer error (a scenario's requests say"
                    + " their own with expect_body or expect_field). (default: any body)")
    String expectBody;

    @Option(names = "--insecure", description = "HTTPS without certificate verification.")
    boolean insecure;

    @Mixin
    SummaryOptions summary;

    /** The run these options describe; a bad value is a one-line {@link UserError} before any load is sent. */
    LoadSpec spec() {
        return spec(LoadgenDefaults.threads());
    }

    /** As {@link #spec()}, sent from a machine of {@code cpus} CPUs: its load threads unless {@code -t} is given. */
    LoadSpec spec(int cpus) {
        summary.maxErrorRate(); // a bad value is an error before any load is sent
        LoadSpec.Builder b = LoadSpec.builder(url)
                .connections(connections)
                .threads(threads != null ? threads : cpus)
                .duration(Duration.parse(duration))
                .timeout(Duration.parse(timeout))
                .warmup(Duration.parse(warmup))
                .rate(rate == null ? null : Rate.parse(rate))
                .maxConnections(maxConnections)
                .sourceAddresses(LoadAddresses.parse(sourceAddresses))
                .insecure(insecure)
                .http2(http2)
                .maxStreams(maxStreams)
                .retry(RetryPolicy.of(retries, Duration.parse(retryBackoff)))
                .transport(transport == null ? null : NettyTransport.parse(transport));
        Set<Integer> expected = expectStatus == null ? null : statuses(expectStatus);
        Map<String, String> hdrs = headers();
        List<RequestSpec> requests = new ArrayList<>();
        if (scenario != null) {
            Scenario s = Scenario.load(scenario);
            b.assign(s.assign()).seed(s.seed()).scenarioName(s.name());
            for (RequestSpec r : s.requests()) {
                RequestSpec m = r.withHeaders(hdrs);
                requests.add(expected != null && r.expectStatus() == null ? m.withExpectStatus(expected) : m);
            }
        } else {
            RequestSpec r;
            try {
                r = RequestSpec.of(method.toUpperCase(), b.target().pathAndQuery(), hdrs, body());
            } catch (IllegalArgumentException e) {
                throw new UserError("-X: " + e.getMessage()); // the headers were checked as -H read them
            }
            r = r.withExpectBody(expectBody);
            requests.add(expected == null ? r : r.withExpectStatus(expected));
        }
        return b.requests(requests).build();
    }

    /** True when the requests are read from local files ({@code --scenario}, {@code --body @FILE}). */
    boolean readsFiles() {
        return scenario != null || (body != null && body.startsWith("@"));
    }

    private Map<String, String> headers() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String h : headers) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                throw new UserError("-H '" + h + "' is not 'Name: value'; e.g. -H 'Accept: text/plain'");
            }
            String name = h.substring(0, colon).trim();
            String value = h.substring(colon + 1).trim();
            try {
                WeightedRequest.checkHeader(name, value);
            } catch (IllegalArgumentException e) {
                throw new UserError("-H: " + e.getMessage());
            }
            out.put(name, value);
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
            throw new UserError(
                    "cannot read body file " + file + " (" + UserError.why(e) + "); check the path after --body @");
        }
    }

    /** {@code value} when it is at least 1, else a one-line {@link UserError} naming {@code option}. */
    static int atLeastOne(String option, int value) {
        if (value < 1) {
            throw new UserError(option + " must be at least 1, got " + value);
        }
        return value;
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
}
