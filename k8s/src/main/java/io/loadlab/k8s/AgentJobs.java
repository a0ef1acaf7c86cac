package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Renders the Kubernetes objects of a distributed run: one Indexed Job ({@code completionMode: Indexed},
 * {@code parallelism = completions = N}) whose pod {@code i} runs {@code loadlab agent} with
 * {@code JOB_COMPLETION_INDEX = i} (Kubernetes sets it), waits for the shared start instant written into its
 * arguments, and prints its output as one line on standard output, which {@link ClusterRun} reads back from the pod's
 * log. No retries ({@code backoffLimit: 0}, {@code restartPolicy: Never}): an agent that ran twice would count its
 * share twice or start late.
 */
public final class AgentJobs {
    /** The label every object of a run carries, valued with the Job's name. */
    public static final String RUN_LABEL = "loadlab.io/run";

    /** Where the container's {@code loadlab} command is (the Jib image's entrypoint takes the arguments). */
    public static final String CONTAINER = "agent";

    private AgentJobs() {}

    public static Job job(AgentJobSpec s) {
        List<String> args = new ArrayList<>(List.of(
                "agent",
                "--agents",
                Integer.toString(s.agents()),
                "--start-at",
                Instant.ofEpochMilli(s.startAtEpochMs()).toString(),
                "--out",
                "-"));
        args.addAll(s.loadArgs());
        Map<String, Quantity> resources = Map.of("cpu", new Quantity(s.cpu()), "memory", new Quantity(s.memory()));
        return new JobBuilder()
                .withNewMetadata()
                .withName(s.name())
                .withNamespace(s.namespace())
                .addToLabels("app.kubernetes.io/name", "loadlab")
                .addToLabels("app.kubernetes.io/component", "load-agent")
                .addToLabels(RUN_LABEL, s.name())
                .endMetadata()
                .withNewSpec()
                .withCompletionMode("Indexed")
                .withCompletions(s.agents())
                .withParallelism(s.agents())
                .withBackoffLimit(0)
                .withActiveDeadlineSeconds(s.activeDeadlineSeconds())
                .withNewTemplate()
                .withNewMetadata()
                .addToLabels("app.kubernetes.io/name", "loadlab")
                .addToLabels("app.kubernetes.io/component", "load-agent")
                .addToLabels(RUN_LABEL, s.name())
                .endMetadata()
                .withNewSpec()
                .withRestartPolicy("Never")
                .addNewContainer()
                .withName(CONTAINER)
                .withImage(s.image())
                .withArgs(args)
                // the agent's own JVM sizes its heap from the pod's memory limit
                .addNewEnv()
                .withName("JAVA_TOOL_OPTIONS")
                .withValue("-XX:MaxRAMPercentage=75")
                .endEnv()
                .withNewResources()
                .withRequests(resources)
                .withLimits(resources)
                .endResources()
                .endContainer()
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
    }

    /** The Job as YAML, as {@code kubectl apply -f -} takes it. */
    public static String yaml(Job job) {
        return Serialization.asYaml(job);
    }
}
