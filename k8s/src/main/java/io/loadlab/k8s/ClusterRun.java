package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatus;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import io.loadlab.loadgen.agents.AgentMerge;
import io.loadlab.loadgen.agents.AgentRun;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * A distributed run on a cluster through the fabric8 client: submits the agents' Job, waits until every pod has
 * completed, reads each agent's output from its pod's log (the one line {@code loadlab agent --out -} prints), and
 * lays the outputs out as {@code loadlab merge} reads them, merged:
 *
 * <pre>
 * DIR/agent-I/agent.json, DIR/agent-I/load.hlog   each agent's output
 * DIR/agent-I.log                                  each pod's whole log
 * DIR/job.yaml                                     the Job as submitted
 * DIR/load.json, DIR/load.hlog                     the merged report and histogram log
 * </pre>
 *
 * Pod logs carry the results because they need nothing from the cluster beyond the Job itself (no volume, no
 * write access to the API from the pods) and kubelet keeps them after the pod completed; an agent's line is a few
 * hundred kilobytes for a minute's run, well inside the kubelet's default log rotation (10 MiB).
 *
 * <p>Blocking; used by one thread.
 */
public final class ClusterRun {
    /** How often the Job's status is read while waiting. */
    static final Duration POLL = Duration.ofSeconds(2);
    /** How long the first connection may take when the client's configuration sets no connection timeout. */
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

    private final KubernetesClient client;
    private final Consumer<String> progress;

    public ClusterRun(KubernetesClient client, Consumer<String> progress) {
        this.client = client;
        this.progress = progress;
    }

    /** Submits the Job; a Job of that name already there is a user error. */
    public Job submit(Job job) {
        String ns = job.getMetadata().getNamespace();
        reachable();
        try {
            if (client.batch()
                            .v1()
                            .jobs()
                            .inNamespace(ns)
                            .withName(job.getMetadata().getName())
                            .get()
                    != null) {
                throw new UserError("a Job named " + job.getMetadata().getName() + " already exists in namespace " + ns
                        + "; delete it or give --name");
            }
            return client.batch().v1().jobs().inNamespace(ns).resource(job).create();
        } catch (KubernetesClientException e) {
            throw refused(e);
        }
    }

    /**
     * Opens one TCP connection to the API server before the first request, so that an address nothing listens on fails
     * at once: the client retries a refused connection for about 20 s with backoff, which helps a cluster's blip but
     * only delays the answer for a stopped cluster or a wrong context. Skipped where a proxy stands in between.
     */
    private void reachable() {
        Config config = client.getConfiguration();
        if (config.getHttpProxy() != null || config.getHttpsProxy() != null) {
            return;
        }
        URL url = client.getMasterUrl();
        int port = url.getPort() > 0 ? url.getPort() : url.getDefaultPort();
        int timeout = config.getConnectionTimeout() > 0 ? config.getConnectionTimeout() : CONNECT_TIMEOUT_MILLIS;
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(url.getHost(), port), timeout);
        } catch (UnknownHostException e) {
            throw unreachable("unknown host " + url.getHost());
        } catch (SocketTimeoutException e) {
            throw unreachable("no answer in " + timeout + " ms");
        } catch (IOException e) {
            throw unreachable(e.getMessage() != null ? e.getMessage() : "connection refused");
        }
    }

    private UserError unreachable(String why) {
        return new UserError("cannot reach the Kubernetes API at " + client.getMasterUrl() + " (" + why
                + "); point KUBECONFIG or the current context at a cluster (kubectl cluster-info), or leave out"
                + " --apply to print the Job");
    }

    /**
     * The one line for a failed request: a cluster that never answered (no kubeconfig, a stopped cluster, a wrong
     * context) is told apart from one that answered no, whose status message says why.
     */
    private UserError refused(KubernetesClientException e) {
        String cause = null;
        for (Throwable t = e.getCause(); e.getCode() <= 0 && t != null && cause == null; t = t.getCause()) {
            if (t instanceof UnknownHostException) {
                cause = "unknown host " + t.getMessage();
            } else if (t instanceof ConnectException) {
                cause = t.getMessage() != null ? t.getMessage() : "connection refused";
            } else if (t instanceof IOException && t.getMessage() != null) {
                cause = t.getMessage();
            }
        }
        if (cause != null) {
            return unreachable(cause);
        }
        String why = e.getStatus() != null && e.getStatus().getMessage() != null
                ? e.getStatus().getMessage()
                : e.getMessage();
        return new UserError("the cluster refused the Job: " + why);
    }

    /**
     * Waits until the Job's {@code succeeded} count reaches its completions, a pod failed, or {@code limit} passes;
     * returns the Job's last status.
     */
    public JobStatus await(String namespace, String name, int agents, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.nanos();
        int reported = -1;
        while (true) {
            Job job = client.batch()
                    .v1()
                    .jobs()
                    .inNamespace(namespace)
                    .withName(name)
                    .get();
            if (job == null) {
                throw new UserError("the Job " + name + " is gone from namespace " + namespace);
            }
            JobStatus s = job.getStatus();
            int done = s == null || s.getSucceeded() == null ? 0 : s.getSucceeded();
            int failed = s == null || s.getFailed() == null ? 0 : s.getFailed();
            if (done != reported) {
                progress.accept(done + " of " + agents + " agents completed");
                reported = done;
            }
            if (done >= agents || failed > 0) {
                return s;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new UserError("the agents did not complete within " + limit + " (" + done + " of " + agents
                        + " done); see kubectl -n " + namespace + " describe job " + name);
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /**
     * Reads every completed agent pod's log into {@code dir} and returns the agents' outputs in index order. Pods
     * are found by the Job's {@code job-name} label; a pod without an output line is reported, not guessed at.
     */
    public List<AgentRun> collect(String namespace, String name, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Pod> pods = client.pods()
                .inNamespace(namespace)
                .withLabel("job-name", name)
                .list()
                .getItems();
        List<AgentRun> runs = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Pod p : pods) {
            String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
            if (!"Succeeded".equals(phase)) {
                missing.add(p.getMetadata().getName() + " (" + phase + ")");
                continue;
            }
            String log = client.pods()
                    .inNamespace(namespace)
                    .withName(p.getMetadata().getName())
                    .getLog();
            AgentRun run = log == null ? null : AgentRun.fromLog(log);
            if (run == null) {
                missing.add(p.getMetadata().getName() + " (no output line in its log)");
                continue;
            }
            int i = run.record().index();
            Files.writeString(dir.resolve("agent-" + i + ".log"), log, StandardCharsets.UTF_8);
            run.writeTo(dir.resolve("agent-" + i));
            runs.add(run);
        }
        if (!missing.isEmpty()) {
            progress.accept("no output from " + String.join(", ", missing));
        }
        if (runs.isEmpty()) {
            throw new UserError("no agent output in the pods of Job " + name + "; see kubectl -n " + namespace
                    + " logs -l job-name=" + name);
        }
        runs.sort(Comparator.comparingInt(r -> r.record().index()));
        return runs;
    }

    /** Submits, waits, collects and merges: the whole run, its results in {@code dir}. */
    public AgentMerge.Merged run(Job job, Duration limit, Path dir) throws IOException, InterruptedException {
        String ns = job.getMetadata().getNamespace();
        String name = job.getMetadata().getName();
        int agents = job.getSpec().getCompletions();
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("job.yaml"), AgentJobs.yaml(job), StandardCharsets.UTF_8);
        progress.accept("submitting Job " + name + " to " + client.getMasterUrl() + " ...");
        submit(job);
        progress.accept("submitted Job " + name + " (" + agents + " agents) to namespace " + ns);
        JobStatus status = await(ns, name, agents, limit);
        if (status != null && status.getFailed() != null && status.getFailed() > 0) {
            progress.accept(status.getFailed() + " agent pod(s) failed; merging the others");
        }
        return merge(collect(ns, name, dir), dir);
    }

    /** Merges collected outputs into {@code dir/load.json} and {@code dir/load.hlog}. */
    public static AgentMerge.Merged merge(List<AgentRun> runs, Path dir) throws IOException {
        AgentMerge.Merged m = AgentMerge.merge(runs, dir.resolve("load.hlog"));
        Json.writeAtomically(dir.resolve("load.json"), m.report());
        return m;
    }
}
