package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * {@code loadlab run --server-url} alone: a server the test started and the lab did not — validated, loaded and
 * judged, with a warning that the lab could not pin, restart or sample it; thresholds checked per trial, JUnit XML
 * with a suite per trial, exit 99 when one failed; and the server is still running afterwards, untouched.
 */
class RunningServerEndToEndTest {
    @Test
    void anAlreadyRunningServerIsValidatedLoadedAndJudgedPerTrial(@TempDir Path tmp) throws Exception {
        int port = LabRun.freePort();
        // The lab cannot pin a server it did not start: the test pins it to CPU 1, off the load generator's CPU 0.
        List<String> cmd = new java.util.ArrayList<>();
        boolean pin =
                Runtime.getRuntime().availableProcessors() >= 2 && Files.isExecutable(Path.of("/usr/bin/taskset"));
        if (pin) {
            cmd.addAll(List.of("taskset", "-c", "1"));
        }
        cmd.addAll(
                List.of(LabRun.JAVA, "-cp", LabRun.CP, "io.loadlab.e2e.fake.FakeServer", Integer.toString(port), "ok"));
        Process server = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("server.log").toFile())
                .start();
        try {
            String url = "http://127.0.0.1:" + port;
            awaitUp(url, server);
            Path junit = tmp.resolve("junit.xml");
            LabRun r = LabRun.run(
                    tmp.resolve("results"),
                    120,
                    List.of(
                            "run",
                            "--server-url",
                            url,
                            "--scenario",
                            "plaintext",
                            "-c",
                            "4",
                            "-d",
                            "1s",
                            "-w",
                            "0",
                            "--warmup-limit",
                            "3s",
                            "--repetitions",
                            "2",
                            "--cpus",
                            pin ? "1:0:0" : "0:0:0",
                            "--threshold",
                            "p99<10s",
                            "--threshold",
                            "p99<1us",
                            "--junit",
                            junit.toString()));
            String out = r.output();
            SuiteResults s = r.suiteResults();
            // On a busy host a trial may be LOADGEN_SATURATED: then exit 1 wins over 99, as documented.
            boolean unmeasurable = s.trials().stream()
                    .anyMatch(t -> t.verdicts().stream()
                            .anyMatch(v -> v.code().invalidates() && !v.code().aboutTheModel()));
            assertThat(r.process.exitValue()).as(out).isEqualTo(unmeasurable ? 1 : 99);
            assertThat(out)
                    .contains("note: the server at " + url + " was already running: the lab cannot pin, restart or"
                            + " sample it")
                    .contains("  pass  p99<10s  (p99 = ", "  FAIL  p99<1us  (p99 = ");
            if (!unmeasurable) {
                assertThat(out).contains("loadlab run: 2 threshold checks failed in 2 trials");
            }
            assertThat(s.notes()).anyMatch(n -> n.startsWith("the server at " + url + " was already running"));
            assertThat(s.settings())
                    .containsEntry("server_started_by_lab", false)
                    .doesNotContainKey("server_cmd");
            assertThat(s.trials()).hasSize(2);
            for (TrialResult t : s.trials()) {
                assertThat(t.validation().passed()).as(t.id()).isTrue();
                assertThat(t.load()).as(t.id()).isNotNull();
                assertThat(t.load().requests()).isPositive();
                assertThat(t.resources().processes())
                        .as("the server is not sampled")
                        .noneMatch(p -> p.role().equals("server"));
                assertThat(t.resources().processes()).anyMatch(p -> p.role().equals("loadgen"));
            }
            Document d =
                    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
            assertThat(d.getElementsByTagName("testsuite").getLength()).isEqualTo(2);
            assertThat(d.getElementsByTagName("testcase").getLength()).isEqualTo(2 * 3);
            int failures = Integer.parseInt(d.getDocumentElement().getAttribute("failures"));
            if (unmeasurable) {
                assertThat(failures)
                        .as("p99<1us in each trial, and each unmeasurable trial's own case")
                        .isGreaterThan(2);
            } else {
                assertThat(failures).as("p99<1us in each trial").isEqualTo(2);
            }
            assertThat(server.isAlive())
                    .as("the lab leaves a server it did not start running")
                    .isTrue();
            assertThat(get(url + "/plaintext")).isEqualTo(200);
        } finally {
            server.destroyForcibly().waitFor();
        }
    }

    private static void awaitUp(String url, Process server) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline && server.isAlive()) {
            if (get(url + "/health") > 0) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the fake server did not come up at " + url);
    }

    private static int get(String url) throws InterruptedException {
        try (HttpClient c =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build()) {
            return c.send(
                            HttpRequest.newBuilder(URI.create(url))
                                    .timeout(Duration.ofSeconds(2))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (java.io.IOException e) {
            return -1;
        }
    }
}
