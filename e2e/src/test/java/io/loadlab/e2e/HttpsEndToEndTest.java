package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.testkit.QuietHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** A suite that asks for HTTPS gets it end to end: the lab's certificate, the servers, the gate and the load. */
@Isolated("its check that TLS trials are valid needs a quiet host")
class HttpsEndToEndTest {
    @Test
    void anHttpsExperimentIsServedAndMeasuredOverTls(@TempDir Path tmp) throws Exception {
        QuietHost.holds("two trials of a 10 ms server over TLS, each judged valid", () -> {
            Path suite = tmp.resolve("https.yaml");
            Files.writeString(suite, """
                    name: https
                    description: a 10 ms delay over HTTPS
                    warmup: 3s
                    warmup_limit: 3s
                    duration: 2s
                    experiments:
                      - name: tls
                        scenario: {type: delay, delay: 10ms, https: true}
                        models: [netty, thread-per-connection]
                        connections: [4]
                    """);
            LabRun r = LabRun.run(tmp, 180, List.of("run", suite.toString()));
            SuiteResults s = r.suiteResults();
            assertThat(s.trials()).hasSize(2);
            // each server logs its collections to its own trial's file, and that is no difference between the two
            for (TrialResult t : s.trials()) {
                assertThat(t.files()).containsKey("server_gc_log");
            }
            assertThat(Files.readString(r.suiteDir().resolve("report.html"))).doesNotContain("PARITY");
            QuietHost.assumeNotStarved(s.trials(), "both trials must be valid runs over TLS");
            for (TrialResult t : s.trials()) {
                assertThat(t.valid()).as(r.output()).isTrue();
                assertThat(t.load().run().url()).startsWith("https://127.0.0.1:");
                assertThat(t.server().settings().scheme()).isEqualTo("https");
                assertThat(t.load().throughput().requests()).isPositive();
            }
            assertThat(r.suiteDir().resolve("dependencies/https/server.crt")).exists();
            assertThat(r.process.exitValue()).as(r.output()).isZero();
        });
    }
}
