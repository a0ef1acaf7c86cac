package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own servers as models: two variants of one server, named in a suite's {@code servers:} with the settings
 * each is started with, each started fresh per trial, validated, loaded, judged and ranked in one answer, which
 * warns of the one declared setting they differ in.
 */
class UserModelsEndToEndTest {
    @Test
    void twoVariantsOfOneServerAreRankedAndTheirDifferenceIsNamed(@TempDir Path tmp) throws Exception {
        int port = LabRun.freePort();
        String url = "http://127.0.0.1:" + port;
        Path suite = tmp.resolve("variants.yaml");
        Files.writeString(suite, """
                servers:
                  - name: app-platform
                    command: "%s"
                    url: "%s"
                    settings: {spring.threads.virtual.enabled: false, db_pool: 10}
                  - name: app-virtual
                    command: "%s"
                    url: "%s"
                    cap: 50
                    settings: {spring.threads.virtual.enabled: true, db_pool: 10}
                experiments:
                  - name: plain
                    scenario: {type: plaintext}
                    models: [app-platform, app-virtual]
                    connections: [4]
                """.formatted(LabRun.fakeServer(port, "ok"), url, LabRun.fakeServer(port, "ok"), url));
        LabRun r = LabRun.run(
                tmp.resolve("results"), 180, List.of("run", suite.toString(), "-d", "2s", "-w", "0", "--no-profile"));
        String out = r.output();
        SuiteResults s = r.suiteResults();
        assertThat(s.trials()).as(out).hasSize(2);
        for (TrialResult t : s.trials()) {
            assertThat(t.validation().passed()).as(out).isTrue();
            assertThat(t.load()).as(out).isNotNull();
            assertThat(t.resources().processes())
                    .as("started by the lab, so sampled")
                    .anyMatch(p -> p.role().equals("server"));
        }
        assertThat(s.trials().get(1).server().settings())
                .containsEntry("declared", Map.of("spring.threads.virtual.enabled", "true", "db_pool", "10"));
        if (s.trials().stream().allMatch(TrialResult::valid)) {
            assertThat(out)
                    .containsPattern("1\\. +app-(platform|virtual) ")
                    .containsPattern("2\\. +app-(platform|virtual) ");
        } else {
            // a busy host may saturate the load generator: then the answer lists them as not comparable instead
            assertThat(out).contains("not comparable:");
        }
        assertThat(out)
                .contains("PARITY: spring.threads.virtual.enabled: app-platform false, app-virtual true")
                .doesNotContain("PARITY: db_pool");
        assertThat(s.settings()).containsKey("servers");
        assertThat(LabRun.processesOf(r.suiteDir())).isEmpty();
    }
}
