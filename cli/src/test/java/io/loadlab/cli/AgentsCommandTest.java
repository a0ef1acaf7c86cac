package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.loadlab.core.Json;
import io.loadlab.core.result.AgentStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.loadgen.agents.AgentRun;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** load --agents, agent, merge and k8s from the command line, against a real server on loopback. */
class AgentsCommandTest {
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
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    @AfterEach
    void stop() {
        server.stop(0);
        ((ExecutorService) server.getExecutor()).shutdownNow();
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
    void loadWithTwoAgentProcessesMergesTheirHistogramsExactly() throws Exception {
        Path json = dir.resolve("F.json");
        Run r = run(
                "load",
                "--agents",
                "2",
                "-t1",
                "-c5",
                "-d1s",
                "--json",
                json.toString(),
                "--hlog",
                dir.resolve("F.hlog").toString(),
                url);
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("split over 2 agent processes", "Agents: 2, merged exactly");
        LoadReport f = Json.read(json, LoadReport.class);
        assertThat(f.agents()).hasSize(2);
        assertThat(f.agents()).extracting(AgentStats::connections).containsExactly(3, 2);
        assertThat(f.run().connections()).isEqualTo(5);
        assertThat(f.requests())
                .isPositive()
                .isEqualTo(f.agents().stream().mapToLong(AgentStats::requests).sum());
        assertThat(f.latencyMs().count())
                .isEqualTo(f.agents().stream()
                        .mapToLong(a -> a.latencyMs().count())
                        .sum());
        double lo = Math.min(
                f.agents().get(0).latencyMs().p99(),
                f.agents().get(1).latencyMs().p99());
        double hi = Math.max(
                f.agents().get(0).latencyMs().p99(),
                f.agents().get(1).latencyMs().p99());
        assertThat(f.latencyMs().p99()).isBetween(lo, hi);
        assertThat(dir.resolve("F.hlog")).exists();

        // the agents' outputs stay beside the report: merging them again after the fact gives the same report
        Path again = dir.resolve("G.json");
        Run m = run(
                "merge",
                "--json",
                again.toString(),
                dir.resolve("F.json.agents").toString());
        assertThat(m.exit()).as(m.out() + m.err()).isZero();
        LoadReport g = Json.read(again, LoadReport.class);
        assertThat(g.latencyMs()).isEqualTo(f.latencyMs());
        assertThat(g.requests()).isEqualTo(f.requests());
        assertThat(g.agents()).isEqualTo(f.agents());
    }

    @Test
    void eachAgentTakesItsShareAndMergeAddsThemUp() throws Exception {
        for (int i = 0; i < 2; i++) {
            Run a = run(
                    "agent",
                    "--agents",
                    "2",
                    "--index",
                    Integer.toString(i),
                    "--out",
                    dir.resolve("a" + i).toString(),
                    "-t1",
                    "-c3",
                    "-d300ms",
                    url);
            assertThat(a.exit()).as(a.out() + a.err()).isZero();
            assertThat(a.out()).contains("agent " + i + " of 2");
        }
        assertThat(AgentRun.read(dir.resolve("a0")).record().report().run().connections())
                .isEqualTo(2);
        assertThat(AgentRun.read(dir.resolve("a1")).record().report().run().connections())
                .isEqualTo(1);
        Run m = run(
                "merge",
                "--json",
                dir.resolve("m.json").toString(),
                dir.resolve("a0").toString(),
                dir.resolve("a1").toString());
        assertThat(m.exit()).as(m.out() + m.err()).isZero();
        LoadReport merged = Json.read(dir.resolve("m.json"), LoadReport.class);
        assertThat(merged.run().connections()).isEqualTo(3);
        assertThat(merged.agents()).hasSize(2);
    }

    @Test
    void anAgentWritingToStandardOutputPrintsOneOutputLine() {
        Run a = run("agent", "--agents", "3", "--index", "2", "-t1", "-c3", "-d200ms", url);
        assertThat(a.exit()).as(a.err()).isZero();
        assertThat(a.out()).contains("agent 2 of 3", "Requests/sec");
        AgentRun line = AgentRun.fromLog(a.out());
        assertThat(line.record().index()).isEqualTo(2);
        assertThat(line.record().startAtEpochMicros())
                .as("no start instant was given")
                .isNull();
        assertThat(line.record().report().run().connections()).isEqualTo(1);
        assertThat(line.intervals()).isNotEmpty();
    }

    @Test
    void mistakesAreOneLineUserErrors() {
        Run few = run("load", "--agents", "3", "-c2", url);
        assertThat(few.exit()).isEqualTo(2);
        assertThat(few.err()).contains("fewer than --agents 3");
        Run index = run("agent", "--agents", "2", "--index", "2", url);
        assertThat(index.exit()).isEqualTo(2);
        assertThat(index.err()).contains("outside 0..1");
        Run bad = run("agent", "--agents", "2", "--index", "0", "--bogus", url);
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("Unknown option: '--bogus'");
        Run empty = run("merge", dir.toString());
        assertThat(empty.exit()).isEqualTo(2);
        assertThat(empty.err()).contains("holds no agent output");
    }

    @Test
    void k8sPrintsAnIndexedJobOfFourAgents() {
        Run r = run("k8s", "--agents", "4", "-c", "40000", "-d", "60s", "http://target:8080/plaintext");
        assertThat(r.exit()).as(r.err()).isZero();
        Job job = Serialization.unmarshal(r.out(), Job.class);
        assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(job.getSpec().getParallelism()).isEqualTo(4);
        assertThat(job.getSpec().getCompletions()).isEqualTo(4);
        assertThat(job.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
                .startsWith("agent", "--agents", "4")
                .endsWith("--threads=2", "--connections=40000", "--duration=60s", "http://target:8080/plaintext");
        assertThat(r.err()).contains("the agents start at");
        Run scenario = run("k8s", "--agents", "2", "--scenario", "s.yaml", "http://target:8080");
        assertThat(scenario.exit()).isEqualTo(2);
    }
}
