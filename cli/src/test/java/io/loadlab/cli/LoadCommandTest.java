package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.loadlab.core.Json;
import io.loadlab.core.result.LoadReport;
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
        assertThat(report.loadModel()).isEqualTo(LoadReport.CLOSED);
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
        assertThat(total).isEqualTo(report.requests());
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
        assertThat(report.perRequest().get("gone").errors().status()).isPositive();
        assertThat(report.perRequest().get("ok").errors().total()).isZero();
        assertThat(report.targetRps()).isEqualTo(200.0);
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
}
