package io.loadlab.lab.child;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.Json;
import io.loadlab.core.unit.Duration;
import io.loadlab.loadgen.agents.AgentShare;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LoadJobTest {
    @Test
    void aJobWrittenBeforeAgentsAndHttp2IsOneHttp1LoadGenerator() throws Exception {
        String older = """
                {"job": "load", "url": "http://127.0.0.1:8080/plaintext", "connections": 4, "warmup": "1s",
                 "max_warmup": "5s", "duration": "2s", "json": "load.json"}
                """;
        LoadJob job = (LoadJob) Json.read(older, ChildJob.class);
        assertThat(job.connections()).isEqualTo(4);
        assertThat(job.http2()).isFalse();
        assertThat(job.maxStreams()).isEqualTo(1);
        assertThat(job.agent()).isFalse();
        assertThat(Json.read(Json.write(job), ChildJob.class)).isEqualTo(job);
    }

    @Test
    void anAgentsJobHoldsItsShareAndWritesBesideItsOutput() throws Exception {
        LoadJob whole = (LoadJob) Json.read("""
                {"job": "load", "url": "http://h:1/", "connections": 5, "rate_rps": 101.0, "warmup": "1s",
                 "duration": "2s", "json": "load.json", "http2": true, "max_streams": 8}
                """, ChildJob.class);
        LoadJob second = whole.forAgent(new AgentShare(2, 1), Path.of("agent-1"));
        assertThat(second.connections()).isEqualTo(2);
        assertThat(second.rateRps()).isEqualTo(50.0);
        assertThat(second.json()).isEqualTo(Path.of("agent-1", "load.json").toString());
        assertThat(second.hlog()).isEqualTo(Path.of("agent-1", "load.hlog").toString());
        assertThat(second.agent()).isTrue();
        assertThat(second.maxStreams()).isEqualTo(8);
        assertThat(second.warmup()).isEqualTo(Duration.ofSeconds(1));
    }
}
