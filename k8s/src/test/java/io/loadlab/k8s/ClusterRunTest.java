package io.loadlab.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.loadlab.core.Json;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.loadgen.agents.AgentMerge;
import io.loadlab.loadgen.agents.AgentRecord;
import io.loadlab.loadgen.agents.AgentRun;
import io.loadlab.testkit.LoadReports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Submit, complete, merge against fabric8's mock API server in CRUD mode: the Job is stored as rendered; the test
 * plays the Job controller (pods with the {@code job-name} label, their logs, the Job's {@code succeeded} count), and
 * that completion drives the collection and the merge into the results layout.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterRunTest {
    KubernetesMockServer server;
    KubernetesClient client;

    private static final long START_MS = 1_900_000_000_000L;

    private static String agentLine(int index, long micros, int requests) {
        Histogram h = new Histogram(1, 60_000_000, 3);
        h.recordValueWithCount(micros, requests);
        LoadReport report = LoadReports.closed()
                .connections(2)
                .duration(60)
                .requests(requests, requests / 60.0)
                .latency(LatencyStats.fromMicros(h))
                .intervals(List.of(new IntervalStats(1, requests, requests, 0, 0, 0, 0, null)))
                .build();
        AgentRecord r = new AgentRecord(
                AgentRecord.SCHEMA_VERSION,
                index,
                2,
                START_MS * 1000,
                START_MS * 1000,
                2,
                2,
                3.0,
                null,
                new long[] {requests / 2, requests - requests / 2},
                AgentRecord.encode(h),
                null,
                List.of(),
                null,
                report);
        return "agent " + index + " of 2: Running 1m test @ http://target:8080\n"
                + AgentRun.of(r, "").toLine() + "\n";
    }

    @Test
    void podCompletionDrivesTheCollectionAndTheExactMerge(@TempDir Path dir) throws Exception {
        Job job = AgentJobs.job(new AgentJobSpec(
                "loadlab-agents-t",
                "bench",
                "loadlab:test",
                2,
                List.of("-c", "4", "-d", "60s", "http://target:8080/"),
                START_MS,
                "2",
                "320Mi",
                600));
        List<String> progress = new CopyOnWriteArrayList<>();
        ExecutorService runner = Executors.newSingleThreadExecutor();
        try {
            Future<AgentMerge.Merged> merged =
                    runner.submit(() -> new ClusterRun(client, progress::add).run(job, Duration.ofSeconds(15), dir));

            Job stored = awaitJob("bench", "loadlab-agents-t");
            assertThat(stored.getSpec().getCompletionMode()).isEqualTo("Indexed");
            assertThat(stored.getSpec().getParallelism()).isEqualTo(2);
            assertThat(stored.getSpec().getCompletions()).isEqualTo(2);
            Container c =
                    stored.getSpec().getTemplate().getSpec().getContainers().get(0);
            assertThat(c.getArgs()).startsWith("agent", "--agents", "2", "--start-at");
            assertThat(c.getEnv()).anyMatch(e -> e.getName().equals("JAVA_TOOL_OPTIONS"));
            assertThat(c.getResources().getRequests().get("memory").toString()).isEqualTo("320Mi");

            // the Job controller's part: two pods ran to completion, each printed its agent's output line
            int[] requests = {900, 100};
            long[] micros = {1_000, 50_000};
            for (int i = 0; i < 2; i++) {
                String pod = "loadlab-agents-t-" + i + "-x7k2p";
                Pod p = new PodBuilder()
                        .withNewMetadata()
                        .withName(pod)
                        .withNamespace("bench")
                        .addToLabels("job-name", "loadlab-agents-t")
                        .addToAnnotations("batch.kubernetes.io/job-completion-index", Integer.toString(i))
                        .endMetadata()
                        .withNewStatus()
                        .withPhase("Succeeded")
                        .endStatus()
                        .build();
                client.pods().inNamespace("bench").resource(p).create();
                server.expect()
                        .get()
                        .withPath("/api/v1/namespaces/bench/pods/" + pod + "/log?pretty=false")
                        .andReturn(200, agentLine(i, micros[i], requests[i]))
                        .always();
            }
            stored.setStatus(new JobStatusBuilder().withSucceeded(2).build());
            client.batch().v1().jobs().inNamespace("bench").resource(stored).updateStatus();

            LoadReport m = merged.get(20, TimeUnit.SECONDS).report();
            assertThat(m.requests()).isEqualTo(1000);
            assertThat(m.latencyMs().count()).isEqualTo(1000);
            assertThat(m.latencyMs().p50()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.001));
            assertThat(m.latencyMs().p99())
                    .as("the slowest 10%% took 50 ms")
                    .isCloseTo(50.0, org.assertj.core.data.Offset.offset(0.05));
            assertThat(m.agents()).hasSize(2);
            assertThat(m.run().connections()).isEqualTo(4);

            assertThat(dir.resolve("agent-0/agent.json")).exists();
            assertThat(dir.resolve("agent-1/load.hlog")).exists();
            assertThat(dir.resolve("agent-1.log")).content().contains("Running 1m test");
            assertThat(dir.resolve("job.yaml")).content().contains("completionMode: \"Indexed\"");
            LoadReport onDisk = Json.read(dir.resolve("load.json"), LoadReport.class);
            assertThat(onDisk.requests()).isEqualTo(1000);
            assertThat(onDisk.agents()).hasSize(2);
            assertThat(Files.exists(dir.resolve("load.hlog"))).isTrue();
            assertThat(progress).contains("2 of 2 agents completed");
        } finally {
            runner.shutdownNow();
        }
    }

    @Test
    void aJobOfTheSameNameIsNotSubmittedTwice() {
        Job job = AgentJobs.job(AgentJobsTest.spec(2));
        ClusterRun run = new ClusterRun(client, s -> {});
        run.submit(job);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> run.submit(job))
                .hasMessageContaining("already exists");
    }

    /** The client's own retries of a refused connection (its defaults, kept here) take about 20 s. */
    @Test
    @Timeout(10)
    void aClusterThatNeverAnswersIsNamedWithItsAddressAtOnce() throws Exception {
        int port;
        try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        var config = new io.fabric8.kubernetes.client.ConfigBuilder()
                .withMasterUrl("http://127.0.0.1:" + port)
                .build();
        try (var none = new io.fabric8.kubernetes.client.KubernetesClientBuilder()
                .withConfig(config)
                .build()) {
            ClusterRun run = new ClusterRun(none, s -> {});
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> run.submit(AgentJobs.job(AgentJobsTest.spec(2))))
                    .isInstanceOf(io.loadlab.core.UserError.class)
                    .hasMessageStartingWith("cannot reach the Kubernetes API at http://127.0.0.1:" + port)
                    .hasMessageContaining("KUBECONFIG");
        }
    }

    private Job awaitJob(String ns, String name) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            Job j = client.batch().v1().jobs().inNamespace(ns).withName(name).get();
            if (j != null) {
                return j;
            }
            Thread.sleep(25);
        }
        throw new AssertionError("the Job was never submitted");
    }
}
