package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.loadlab.core.Json;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.LoadReport;
import io.loadlab.testkit.HostileServer;
import io.loadlab.testkit.Misbehaviour;
import io.loadlab.testkit.QuietHost;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

class LoadCommandTest {
    @TempDir
    Path dir;

    private HttpServer server;
    private String url;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", ex -> {
            byte[] body = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
            ex.getResponseHeaders().add("Content-Type", "text/plain");
            ex.sendResponseHeaders(ex.getRequestURI().getPath().startsWith("/missing") ? 404 : 200, body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }

    private record Run(int exit, String out, String err) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void runsAndWritesJsonAndAHistogramLogThatHdrHistogramReads() throws Exception {
        Path json = dir.resolve("r.json");
        Path hlog = dir.resolve("r.hlog");
        Run r = run(
                "load",
                "-t1",
                "-c4",
                "-d2s",
                "--latency",
                "--json",
                json.toString(),
                "--hlog",
                hlog.toString(),
                url + "/plaintext");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .contains(
                        "Running 2s test @",
                        "Requests/sec:",
                        "Transfer/sec:",
                        "requests in",
                        "Latency Distribution",
                        "Percentile TotalCount");
        LoadReport report = Json.read(json, LoadReport.class);
        assertThat(report.requests()).isPositive();
        assertThat(report.run().loadModel()).isEqualTo(LoadReport.CLOSED);
        assertThat(report.statusCodes()).containsOnlyKeys("200");
        assertThat(report.intervals()).hasSize(2);
        assertThat(report.perRequest()).containsOnlyKeys("/plaintext");
        assertThat(Files.readString(json)).contains("\"throughput_rps\"", "\"latency_ms\"", "\"p999\"");
        long total = 0;
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                total += ((org.HdrHistogram.Histogram) h).getTotalCount();
            }
        }
        assertThat(total)
                .as("the log holds every response and every request unfinished at the end")
                .isEqualTo(report.requests() + report.unfinished().count());
        assertThat(report.latencyMs().count()).isEqualTo(total);
        assertThat(r.out()).contains("Per connection: 4 connections completed min");
    }

    @Test
    void scenarioRunReportsPerRequestNamesAndStatusErrors() throws Exception {
        Path yaml = dir.resolve("s.yaml");
        Files.writeString(yaml, """
                name: two
                requests:
                  - {name: ok, weight: 3, path: /plaintext}
                  - {name: gone, weight: 1, path: /missing}
                """);
        Path json = dir.resolve("s.json");
        Run r = run(
                "load",
                "-t1",
                "-c2",
                "-R",
                "200",
                "-d1s",
                "--scenario",
                yaml.toString(),
                "--json",
                json.toString(),
                "--hlog",
                dir.resolve("s.hlog").toString(),
                "--max-error-rate",
                "50%",
                url);
        assertThat(r.exit()).as(r.err()).isZero();
        LoadReport report = Json.read(json, LoadReport.class);
        assertThat(report.perRequest()).containsOnlyKeys("ok", "gone");
        java.util.Set<String> tags = new java.util.HashSet<>();
        try (HistogramLogReader reader =
                new HistogramLogReader(dir.resolve("s.hlog").toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                tags.add(String.valueOf(h.getTag()));
            }
        }
        assertThat(tags)
                .as("one tag per request name plus the untagged total")
                .containsExactlyInAnyOrder("ok", "gone", "null");
        assertThat(report.perRequest().get("gone").errors().get(ErrorCategory.STATUS))
                .isPositive();
        assertThat(report.perRequest().get("gone").share().planned()).isEqualTo(0.25);
        assertThat(report.perRequest().get("ok").errors().total()).isZero();
        assertThat(report.run().targetRps()).isEqualTo(200.0);
        assertThat(report.serviceTimeMs()).isNotNull();
        assertThat(r.out()).contains("Non-2xx or 3xx responses:", "Target rate:");
    }

    @Test
    void badInputIsOneLineAndExitTwoBeforeAnyLoad() throws Exception {
        server.stop(0);
        String[][] cases = {
            {"load", "-d1s", url + "/"},
            {"load", "not a url"},
            {"load", "ftp://127.0.0.1/"},
            {"load", "-t4", "-R", "2", "http://127.0.0.1:1/"},
            {"load", "--body", "@" + dir.resolve("none.txt"), "http://127.0.0.1:1/"},
            {"load", "--scenario", dir.resolve("none.yaml").toString(), "http://127.0.0.1:1/"},
            {"load", "-d", "ten", "http://127.0.0.1:1/"},
            {"load", "--max-error-rate", "lots", "http://127.0.0.1:1/"},
        };
        for (String[] c : cases) {
            Run r = run(c);
            assertThat(r.exit()).as(String.join(" ", c) + " → " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.out()).doesNotContain("Running");
        }
        assertThat(run("load", "-d1s", url + "/").err())
                .contains("cannot connect to 127.0.0.1:", "is the server running?");
    }

    @Test
    void errorsAboveTheLimitExitOneWithTheCategories() throws Exception {
        Path yaml = dir.resolve("s.yaml");
        Files.writeString(yaml, """
                requests:
                  - {name: ok, weight: 3, path: /plaintext}
                  - {name: gone, weight: 1, path: /missing}
                """);
        Run r = run("load", "-t1", "-c2", "-d1s", "--scenario", yaml.toString(), url);
        assertThat(r.exit()).as(r.out()).isEqualTo(Main.EXIT_FAILED);
        assertThat(r.err().strip())
                .matches(
                        "loadlab load: 2\\d\\.\\d\\d% of the requests failed, above --max-error-rate 1% \\(\\d+ status\\); exit 1");
        assertThat(r.out()).as("the summary is still printed").contains("Requests/sec:");
    }

    @Test
    void theExitCodesAreListedInTheHelp() {
        assertThat(run("load", "--help").out()).contains("Exit codes:", "--max-error-rate", "(default: 1%,");
        // the help states the default in words: it must stay the lab's own limit
        assertThat(io.loadlab.core.unit.Percent.of(io.loadlab.core.result.VerdictDefaults.ERROR_THRESHOLD)
                        .toString())
                .isEqualTo("1%");
    }

    @ParameterizedTest
    @EnumSource(Misbehaviour.class)
    void aServerThatAnswersNothingUsableExitsOneOnTime(Misbehaviour m) throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        Path json = dir.resolve(m + ".json");
        try (HostileServer s = m.serve()) {
            long start = System.nanoTime();
            Run r = run("load", "-t1", "-c4", "-d1s", "--timeout", "400ms", "--json", json.toString(), s.url());
            long millis = (System.nanoTime() - start) / 1_000_000;
            host.holds(
                    "a 1 s run with a 400 ms timeout ends within 2.4 s",
                    () -> assertThat(millis)
                            .as("ends within duration + timeout")
                            .isLessThan(1_000 + 400 + 1_000));
            assertThat(r.exit()).as(m + ": " + r.err()).isEqualTo(Main.EXIT_FAILED);
            assertThat(r.err().strip())
                    .startsWith("loadlab load: no request succeeded (")
                    .endsWith("; exit 1");
            LoadReport report = Json.read(json, LoadReport.class);
            assertThat(report.errors().get(ErrorCategory.byId(m.category())))
                    .as(m.toString())
                    .isPositive();
        }
    }

    @Test
    void thresholdsThatHoldExitZeroAndAFailedOneExits99WithAFailingJUnitCase() throws Exception {
        Run ok = run("load", "-t1", "-c4", "-d1s", "--threshold", "p99<2s", "--threshold", "errors<1%", url);
        assertThat(ok.exit()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("Thresholds:", "  pass  p99<2s  (p99 = ", "  pass  errors<1%  (errors = 0%)");

        Path junit = dir.resolve("junit.xml");
        Run missed = run(
                "load",
                "-t1",
                "-c2",
                "-d1s",
                "--threshold",
                "p99<2s",
                "--threshold",
                "p99<1us",
                "--junit",
                junit.toString(),
                url + "/plaintext");
        assertThat(missed.exit()).as(missed.err()).isEqualTo(Main.EXIT_THRESHOLDS);
        assertThat(missed.out()).contains("  FAIL  p99<1us  (p99 = ");
        assertThat(missed.err().strip())
                .startsWith("loadlab load: 1 of 2 thresholds failed: p99<1us (p99 = ")
                .endsWith("; exit 99");
        org.w3c.dom.Document d = javax.xml.parsers.DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(junit.toFile());
        org.w3c.dom.NodeList cases = d.getElementsByTagName("testcase");
        assertThat(cases.getLength()).isEqualTo(3);
        assertThat(((org.w3c.dom.Element) cases.item(0)).getAttribute("name")).isEqualTo(LoadGate.RUN_CASE);
        org.w3c.dom.Element failed = (org.w3c.dom.Element) cases.item(2);
        assertThat(failed.getAttribute("name")).isEqualTo("p99<1us");
        assertThat(failed.getElementsByTagName("failure").getLength()).isOne();
        assertThat(d.getElementsByTagName("failure").getLength()).isOne();
    }

    @Test
    void aPerClassThresholdOnAClassTheRunDoesNotSendIsAUsageError() {
        Run r = run("load", "-d1s", "--threshold", "slow:p99<1s", url + "/plaintext");
        assertThat(r.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err().strip())
                .isEqualTo("loadlab load: --threshold 'slow:p99<1s': no request class 'slow' in this run; its"
                        + " classes are /plaintext");
        Run bad = run("load", "-d1s", "--threshold", "p99<50", url);
        assertThat(bad.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(bad.err().strip())
                .isEqualTo("loadlab load: --threshold 'p99<50': a latency needs a unit, e.g. p99<50ms");
        assertThat(bad.out()).doesNotContain("Running");
    }

    @Test
    void jsonOnStdoutIsPureJsonWithTheSummaryOnStderrAndNoFileNamedDash() throws Exception {
        Path dash = Path.of("-");
        Files.deleteIfExists(dash);
        Run r = run("load", "-t1", "-c2", "-d1s", "--json", "-", url + "/plaintext");
        assertThat(r.exit()).as(r.err()).isZero();
        LoadReport report = Json.mapper().readValue(r.out(), LoadReport.class);
        assertThat(report.requests()).isPositive();
        assertThat(r.out().strip()).startsWith("{").endsWith("}");
        assertThat(r.err()).contains("Running 1s test @", "Requests/sec:");
        assertThat(Files.exists(dash)).as("no file named '-'").isFalse();

        Run csv = run("load", "-t1", "-c2", "-d1s", "--csv", "-", url + "/plaintext");
        assertThat(csv.exit()).as(csv.err()).isZero();
        assertThat(csv.out().lines().toList())
                .hasSize(3)
                .first()
                .asString()
                .startsWith("scope,request,requests,throughput_rps,");
        assertThat(csv.out()).contains("\nrequest,/plaintext,");
        assertThat(Files.exists(dash)).isFalse();

        Run both = run("load", "-d1s", "--json", "-", "--csv", "-", url);
        assertThat(both.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(both.err().strip())
                .isEqualTo("loadlab load: --json and --csv both write to stdout ('-'); give all but one of them a"
                        + " file name");
    }

    @Test
    void countsTakeWrkSuffixes() {
        LoadCommand c = new LoadCommand();
        new CommandLine(c).parseArgs("-c", "10k", "--max-connections", "1.5k", url);
        assertThat(c.load.connections).isEqualTo(10_000);
        assertThat(c.load.maxConnections).isEqualTo(1_500);
        new CommandLine(c).parseArgs("-c2M", url);
        assertThat(c.load.connections).isEqualTo(2_000_000);
        Run r = run("load", "-c", "ten", url);
        assertThat(r.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err())
                .contains("Invalid value for option '--connections': expected a whole number such as 100 or 10k,"
                        + " got 'ten'");
    }
}
