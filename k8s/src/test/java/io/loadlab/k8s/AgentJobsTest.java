package io.loadlab.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rendered YAML, parsed back, is the Indexed Job the agents need. */
class AgentJobsTest {
    static AgentJobSpec spec(int agents) {
        return new AgentJobSpec(
                "loadlab-agents-test",
                "bench",
                "registry.example/loadlab:1",
                agents,
                List.of("-c", "40000", "-d", "60s", "http://target:8080/plaintext"),
                1_900_000_000_000L,
                "2",
                AgentSizing.memory(10_000),
                600);
    }

    @Test
    void theYamlIsAnIndexedJobOfOnePodPerAgent() {
        String yaml = AgentJobs.yaml(AgentJobs.job(spec(4)));
        Job job = Serialization.unmarshal(yaml, Job.class);
        assertThat(job.getMetadata().getName()).isEqualTo("loadlab-agents-test");
        assertThat(job.getMetadata().getNamespace()).isEqualTo("bench");
        assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(job.getSpec().getParallelism()).isEqualTo(4);
        assertThat(job.getSpec().getCompletions()).isEqualTo(4);
        assertThat(job.getSpec().getBackoffLimit())
                .as("an agent that ran twice would count twice")
                .isZero();
        assertThat(job.getSpec().getTemplate().getSpec().getRestartPolicy()).isEqualTo("Never");
        Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertThat(c.getImage()).isEqualTo("registry.example/loadlab:1");
        assertThat(c.getArgs())
                .containsSequence("agent", "--agents", "4", "--start-at", "2030-03-17T17:46:40Z", "--out", "-")
                .endsWith("-c", "40000", "-d", "60s", "http://target:8080/plaintext");
        assertThat(c.getResources().getRequests()).containsKeys("cpu", "memory");
        assertThat(c.getResources().getRequests().get("memory").toString()).isEqualTo("448Mi");
        assertThat(c.getResources().getLimits()).isEqualTo(c.getResources().getRequests());
    }

    @Test
    void agentsAreSizedFromTheConnectionCeiling() {
        assertThat(AgentSizing.minimumAgents(40_000, 28_232)).isEqualTo(2);
        assertThat(AgentSizing.tooFew(40_000, 1, 28_232)).contains("--agents 2 or more");
        assertThat(AgentSizing.tooFew(40_000, 4, 28_232)).isNull();
        assertThat(AgentSizing.memory(0)).isEqualTo("256Mi");
    }
}
