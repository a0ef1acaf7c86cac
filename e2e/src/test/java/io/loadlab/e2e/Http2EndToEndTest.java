package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite that asks for HTTP/2 gets it end to end: the server serves it, the gate validates over it and the load
 * speaks it, h2c with prior knowledge and h2 by ALPN over TLS; a model that cannot serve it is refused at load.
 */
class Http2EndToEndTest {
    @Test
    void h2cAndH2ExperimentsAreValidatedAndMeasuredOverHttp2(@TempDir Path tmp) throws Exception {
        Path suite = tmp.resolve("h2.yaml");
        Files.writeString(suite, """
                name: h2
                description: plaintext over h2c and h2
                warmup: 2s
                warmup_limit: 3s
                duration: 1s
                experiments:
                  - name: h2c
                    scenario: {type: plaintext, protocol: h2c, streams: 4}
                    models: [netty]
                    connections: [2]
                  - name: h2
                    scenario: {type: json, protocol: h2}
                    models: [servlet-async]
                    connections: [2]
                """);
        LabRun r = LabRun.run(tmp, 180, List.of("run", suite.toString()));
        SuiteResults s = r.suiteResults();
        assertThat(s.trials()).hasSize(2);
        for (TrialResult t : s.trials()) {
            assertThat(t.validation().passed()).as(r.output()).isTrue();
            assertThat(t.validation().checks()).anyMatch(c -> c.contains("over HTTP/2"));
            assertThat(t.load().throughput().requests()).as(r.output()).isPositive();
            assertThat(t.load().errors().total()).isZero();
        }
        TrialResult h2c = s.trials().get(0);
        assertThat(h2c.load().run().protocol()).isEqualTo("h2c");
        assertThat(h2c.load().run().maxStreams()).isEqualTo(4);
        assertThat(h2c.server().settings().protocol()).isEqualTo("h2c");
        TrialResult h2 = s.trials().get(1);
        assertThat(h2.load().run().protocol()).isEqualTo("h2");
        assertThat(h2.load().run().url()).startsWith("https://");
        assertThat(h2.server().settings().protocol()).isEqualTo("h2");
    }

    @Test
    void aBlockingModelIsRefusedWithOneLine(@TempDir Path tmp) throws Exception {
        Path suite = tmp.resolve("bad.yaml");
        Files.writeString(suite, """
                name: bad
                experiments:
                  - name: h2c
                    scenario: {type: plaintext, protocol: h2c}
                    models: [netty, thread-pool]
                """);
        LabRun r = LabRun.run(tmp, 60, List.of("run", suite.toString()));
        assertThat(r.process.exitValue()).isEqualTo(2);
        assertThat(r.output())
                .contains("protocol: h2c is served by servlet-sync, servlet-async, netty, vertx;"
                        + " thread-pool speaks HTTP/1.1 only");
    }
}
