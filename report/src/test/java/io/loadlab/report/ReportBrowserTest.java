package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.Json;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens a report drawn from the checked-in fixture in headless Chromium and checks, over the DevTools protocol, that
 * every chart drew, that nothing was logged as an error and that no request left the file. Skipped where Debian's
 * {@code chromium} is not installed.
 */
class ReportBrowserTest {
    private static final String PAINTED = """
            JSON.stringify(Array.from(document.querySelectorAll(SELECTOR)).map(function (c) {
              var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, n = 0;
              for (var i = 3; i < d.length; i += 4) { if (d[i] !== 0) n++; }
              return {chart: c.getAttribute('data-chart'), w: c.width, h: c.height, painted: n};
            }))""";

    @TempDir
    Path tmp;

    @Test
    void everyChartDrawsOfflineWithoutErrors() throws Exception {
        Path results = Fixtures.copy("run-a", tmp.resolve("results"));
        inChromium(ReportWriter.write(results), cdp -> {
            List<JsonNode> scenarioCharts = painted(cdp, "canvas[data-scenario]");
            // 3 measured scenarios × 6 charts, plus the two per-request charts of the mixed one, less the errors chart
            // of the two scenarios in which nothing failed (a sentence says so instead); the broken app's scenario
            // measured nothing and draws no chart.
            assertThat(scenarioCharts).hasSize(18);
            assertThat(chartTypes(cdp, 3)).isEmpty();
            // Several load levels draw lines against the load; one load level compares the models in bars.
            assertThat(chartTypes(cdp, 0)).containsOnly("line");
            assertThat(chartTypes(cdp, 1)).hasSize(5).containsOnly("bar");
            assertThat(chartTypes(cdp, 2)).hasSize(7).containsOnly("bar");
            assertThat(scenarioCharts)
                    .allSatisfy(c -> assertThat(c.get("painted").asInt())
                            .as("pixels painted by chart %s", c.get("chart").asText())
                            .isGreaterThan(500));

            String trial = cdp.evaluate("(function () { var d = document.querySelector('details.trial');"
                            + " d.open = true; d.scrollIntoView(); return d.getAttribute('data-trial'); })()")
                    .asText();
            String selector = "details[data-trial=\"" + trial + "\"] canvas";
            waitFor(
                    () -> painted(cdp, selector).stream()
                            .allMatch(c -> c.get("painted").asInt() > 500),
                    "the timeline of " + trial + " to draw");
            assertThat(painted(cdp, selector))
                    .extracting(c -> c.get("chart").asText())
                    .containsExactly("timeline", "spectrum");
            assertThat(cdp.evaluate("window.loadlabReport.failed.length").asInt())
                    .isZero();

            screenshot(cdp, "report-screenshot-trial.png");
            cdp.evaluate("window.scrollTo(0, 0)");
            screenshot(cdp, "report-screenshot.png");
        });
    }

    @Test
    void aFaultsGoodputTimelineDrawsWithItsOutageShaded() throws Exception {
        Path results = Files.createDirectories(tmp.resolve("faults"));
        Json.mapper().writeValue(results.resolve("results.json").toFile(), MetastabilityReportTest.faults());
        inChromium(ReportWriter.write(results), cdp -> {
            String json = cdp.evaluate("JSON.stringify(Array.from(document.querySelectorAll('.metastability svg'))"
                            + ".map(function (s) { s.scrollIntoView();"
                            + " var band = s.querySelector('rect.band'), r = band && band.getBoundingClientRect();"
                            + " var lines = Array.from(s.querySelectorAll('polyline')).map(function (p) {"
                            + "   var b = p.getBoundingClientRect(); return b.width; });"
                            + " return {w: s.getBoundingClientRect().width, band: r ? r.width : 0, lines: lines,"
                            + "   label: s.textContent.indexOf('outage') >= 0}; }))")
                    .asText();
            List<JsonNode> charts = new ArrayList<>();
            Json.mapper().readTree(json).forEach(charts::add);
            assertThat(charts).as("one timeline per model").hasSize(2);
            assertThat(charts).allSatisfy(c -> {
                assertThat(c.get("w").asDouble()).isGreaterThan(200);
                assertThat(c.get("band").asDouble()).as("the outage, shaded").isGreaterThan(5);
                assertThat(c.get("label").asBoolean()).isTrue();
                assertThat(c.get("lines")).hasSize(2); // goodput and throughput
                c.get("lines").forEach(w -> assertThat(w.asDouble()).isGreaterThan(100));
            });
            assertThat(cdp.evaluate("document.querySelector('.metastability').textContent")
                            .asText())
                    .contains("errors during the outage", "NO_RECOVERY", "recovered");
            cdp.evaluate("document.querySelector('.metastability').scrollIntoView()");
            screenshot(cdp, "report-screenshot-faults.png");
        });
    }

    interface Page {
        void check(DevToolsClient cdp) throws Exception;
    }

    /**
     * Opens {@code report} in headless Chromium, runs {@code check} once its charts drew, and fails on any console
     * error, exception or request that left the file. Skipped where Chromium is not installed.
     */
    private void inChromium(Path report, Page check) throws Exception {
        Path chromium = onPath("chromium");
        Assumptions.assumeTrue(
                chromium != null,
                "chromium is not on PATH: the browser test is skipped (apt-get install chromium to run it)");
        Path profile = Files.createDirectories(tmp.resolve("profile"));
        ProcessBuilder launch = new ProcessBuilder(
                        chromium.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--user-data-dir=" + profile,
                        "--remote-debugging-port=0",
                        "--window-size=1400,2000",
                        "about:blank")
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("chromium.log").toFile());
        // its scratch directories too go where the test cleans up: it is killed, and would leave them in /tmp
        launch.environment()
                .put("TMPDIR", Files.createDirectories(tmp.resolve("scratch")).toString());
        Process browser = launch.start();
        try (DevToolsClient cdp = DevToolsClient.connect(devToolsPort(profile, browser))) {
            for (String domain : List.of("Page", "Runtime", "Log", "Network")) {
                cdp.send(domain + ".enable", Map.of());
            }
            cdp.send("Page.navigate", Map.of("url", report.toUri().toString()));
            waitFor(() -> cdp.sawEvent("Page.loadEventFired"), "the page to load");
            waitFor(
                    () -> cdp.evaluate("!!(window.loadlabReport && window.loadlabReport.ready)")
                            .asBoolean(),
                    "the charts to draw");
            check.check(cdp);
            assertThat(problems(cdp.events)).isEmpty();
        } finally {
            browser.descendants().forEach(ProcessHandle::destroyForcibly);
            browser.destroyForcibly();
            browser.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static List<String> chartTypes(DevToolsClient cdp, int scenario) throws Exception {
        String json = cdp.evaluate("JSON.stringify(Array.from(document.querySelectorAll("
                        + "'canvas[data-scenario=\"" + scenario + "\"]')).map(function (c) {"
                        + " return Chart.getChart(c).config.type; }))")
                .asText();
        List<String> out = new ArrayList<>();
        Json.mapper().readTree(json).forEach(n -> out.add(n.asText()));
        return out;
    }

    private static void screenshot(DevToolsClient cdp, String name) throws Exception {
        JsonNode shot = cdp.send("Page.captureScreenshot", Map.of("format", "png"));
        Path png = Path.of("target", name);
        Files.createDirectories(png.getParent());
        Files.write(png, Base64.getDecoder().decode(shot.get("data").asText()));
    }

    /** Console errors, uncaught exceptions, error log entries, and any request not to a local file. */
    private static List<String> problems(List<JsonNode> events) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) {
            JsonNode p = e.path("params");
            switch (e.path("method").asText()) {
                case "Runtime.exceptionThrown" -> out.add("exception: " + p.path("exceptionDetails"));
                case "Runtime.consoleAPICalled" -> {
                    String type = p.path("type").asText();
                    if (type.equals("error") || type.equals("assert")) {
                        out.add("console." + type + ": " + p.path("args"));
                    }
                }
                case "Log.entryAdded" -> {
                    if (p.path("entry").path("level").asText().equals("error")) {
                        out.add("log: " + p.path("entry").path("text").asText());
                    }
                }
                case "Network.requestWillBeSent" -> {
                    String url = p.path("request").path("url").asText();
                    if (!url.startsWith("file:") && !url.startsWith("data:") && !url.equals("about:blank")) {
                        out.add("network request: " + url);
                    }
                }
                default -> {}
            }
        }
        return out;
    }

    private static List<JsonNode> painted(DevToolsClient cdp, String selector) throws Exception {
        String json = cdp.evaluate(PAINTED.replace("SELECTOR", "'" + selector.replace("'", "\\'") + "'"))
                .asText();
        List<JsonNode> out = new ArrayList<>();
        Json.mapper().readTree(json).forEach(out::add);
        return out;
    }

    /** Chromium writes the port it picked for --remote-debugging-port=0 to DevToolsActivePort in its profile. */
    private static int devToolsPort(Path profile, Process browser) throws Exception {
        Path file = profile.resolve("DevToolsActivePort");
        waitFor(
                () -> {
                    if (!browser.isAlive()) {
                        throw new IllegalStateException("chromium exited with " + browser.exitValue());
                    }
                    return Files.isRegularFile(file) && Files.readAllLines(file).size() >= 1;
                },
                "chromium to open its DevTools port");
        return Integer.parseInt(Files.readAllLines(file).get(0).trim());
    }

    interface Check {
        boolean ok() throws Exception;
    }

    private static void waitFor(Check check, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!check.ok()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after 60 s waiting for " + what);
            }
            Thread.sleep(100);
        }
    }

    private static Path onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
