package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.Json;
import io.loadlab.core.result.AgentStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite with {@code loadgen: {agents: 2}}: each trial's load over two load agents, merged into the trial. About 15 s:
 * a netty server, a 3 s warm-up, a 2 s window and two agent JVMs.
 */
class AgentsEndToEndTest {
    @Test
    void aTrialsLoadIsSplitOverTwoAgentsAndMerged(@TempDir Path tmp) throws Exception {
        Path suite = tmp.resolve("agents.yaml");
        Files.writeString(suite, """
                name: agents
                warmup: 3s
                duration: 2s
                loadgen: {agents: 2}
                experiments:
                  - name: plain
                    scenario: {type: plaintext}
                    models: [netty]
                    connections: [10]
                """);
        LabRun r = LabRun.run(tmp.resolve("results"), 180, List.of("run", suite.toString()));
        TrialResult t = r.suiteResults().trials().get(0);
        Path dir = r.suiteDir().resolve("trials").resolve(t.id());
        LoadReport load = Json.read(dir.resolve("load.json"), LoadReport.class);
        assertThat(load.agents()).as(r.output()).hasSize(2);
        assertThat(load.agents()).extracting(AgentStats::connections).containsExactly(5, 5);
        assertThat(load.requests())
                .isPositive()
                .isEqualTo(
                        load.agents().stream().mapToLong(AgentStats::requests).sum());
        assertThat(dir.resolve("agent-0/agent.json")).exists();
        assertThat(dir.resolve("agent-1/agent.json")).exists();
        assertThat(dir.resolve("loadgen-1.events.jsonl")).content().contains("\"armed\"", "\"result\"");
        // every agent's files are named in the trial's result, its garbage collections' log too
        assertThat(t.files())
                .containsKeys(
                        "loadgen_0_log", "loadgen_0_gc_log", "loadgen_1_job", "loadgen_1_events", "loadgen_1_gc_log");
        assertThat(r.suiteResults().settings()).containsEntry("loadgen_agents", 2);
        assertThat(LabRun.processesOf(r.suiteDir())).isEmpty();
    }
}
