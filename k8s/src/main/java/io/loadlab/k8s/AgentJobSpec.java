package io.loadlab.k8s;

import java.util.List;

/**
 * What a cluster needs to run N load agents, and {@link AgentJobs}'s only input.
 *
 * @param name the Job's name (pods are {@code NAME-INDEX-xxxxx})
 * @param namespace where it runs
 * @param image the loadlab image (built with Jib: docs/distributed.md)
 * @param agents how many agents: the Job's parallelism and completions
 * @param loadArgs {@code loadlab load}'s options and URL, the same for every agent (each takes its share)
 * @param startAtEpochMs the shared start instant every agent waits for
 * @param cpu each pod's CPU request and limit (Kubernetes quantity, e.g. {@code 2})
 * @param memory each pod's memory request and limit (e.g. {@code 512Mi})
 * @param activeDeadlineSeconds how long the Job may run before Kubernetes ends it
 */
public record AgentJobSpec(
        String name,
        String namespace,
        String image,
        int agents,
        List<String> loadArgs,
        long startAtEpochMs,
        String cpu,
        String memory,
        long activeDeadlineSeconds) {
    public AgentJobSpec {
        loadArgs = List.copyOf(loadArgs);
    }
}
