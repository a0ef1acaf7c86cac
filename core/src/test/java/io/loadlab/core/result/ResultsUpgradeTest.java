package io.loadlab.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsUpgradeTest {
    @Test
    void readsAFlatVersionOneLoadReport(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("load.json"), """
                {"schema_version": 1, "url": "http://127.0.0.1:8080/delay?ms=100", "load_model": "closed",
                 "threads": 1, "connections": 10, "duration_s": 5.0, "requests": 500, "throughput_rps": 100.0,
                 "bytes_read": 4000, "max_connections_opened": 10, "delayed_requests": 0,
                 "errors": {"timeout": 2}, "status_codes": {"200": 500}}
                """);
        LoadReport r = ResultsUpgrade.readLoad(f);
        assertThat(r.schemaVersion()).isEqualTo(LoadReport.SCHEMA_VERSION);
        assertThat(r.run().connections()).isEqualTo(10);
        assertThat(r.run().protocol()).isNull();
        assertThat(r.run().http2()).isFalse();
        assertThat(r.throughput().rps()).isEqualTo(100.0);
        assertThat(r.connections().maxOpened()).isEqualTo(10);
        assertThat(r.errors().get(ErrorCategory.TIMEOUT)).isEqualTo(2);
        assertThat(r.agents()).isNull();
    }

    @Test
    void readsAVersionTwoReportWrittenBeforeHttp2AndAgents(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("load.json"), """
                {"schema_version": 2,
                 "run": {"url": "http://127.0.0.1:8080/backend", "load_model": "open", "assign": "sequence",
                         "threads": 1, "connections": 20, "max_connections": 1000, "target_rps": 500.0,
                         "duration_s": 6.0, "warmup_s": 1.0},
                 "throughput": {"requests": 3000, "rps": 500.0, "bytes_read": 9000},
                 "status_codes": {"200": 3000}, "hlog": "latency.hlog"}
                """);
        LoadReport r = ResultsUpgrade.readLoad(f);
        assertThat(r.run().open()).isTrue();
        assertThat(r.run().targetRps()).isEqualTo(500.0);
        assertThat(r.run().protocol()).isNull();
        assertThat(r.run().maxStreams()).isNull();
        assertThat(r.hlog()).isEqualTo("latency.hlog");
        assertThat(r.agents()).isNull();
        assertThat(r.requests()).isEqualTo(3000);
    }
}
