package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.Defaults;
import io.loadlab.core.data.ZipCodes;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.VerdictCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own servers as models: two variants of one server, named in a suite's {@code servers:} with the settings
 * each is started with, each started fresh per trial, validated, loaded, judged and ranked in one answer, which
 * warns of the one declared setting they differ in; and a server with routes of its own, answering 200 on every path,
 * validated on a scenario file's requests instead of the contract's and judged.
 */
class UserModelsEndToEndTest {
    /**
     * Two servers that differ only in closing every 100th request's connection (Tomcat's keep-alive cap), and a third
     * that does not report its backlog: the answer names the cap from their settings and from the closes the load
     * generator counted, and the backlog as unknown for the one that is silent about it.
     */
    @Test
    void aKeepAliveCapIsNamedFromTheSettingsAndFromTheCountedCloses(@TempDir Path tmp) throws Exception {
        int port = LabRun.freePort();
        String url = "http://127.0.0.1:" + port;
        Path suite = tmp.resolve("keepalive.yaml");
        Files.writeString(suite, """
                servers:
                  - {name: capped, command: "%s", url: "%s"}
                  - {name: open, command: "%s", url: "%s"}
                experiments:
                  - name: plain
                    scenario: {type: plaintext}
                    models: [capped, open]
                    connections: [4]
                """.formatted(
                        LabRun.fakeServer(port, "close-every=100"),
                        url,
                        // keeps every connection open, and leaves its backlog out of its settings
                        LabRun.fakeServer(port, "no-backlog"),
                        url));
        LabRun r = LabRun.run(
                tmp.resolve("results"),
                180,
                List.of("run", suite.toString(), "-d", "3s", "-w", "0", "--warmup-limit", "3s", "--no-profile"));
        String out = r.output();
        SuiteResults s = r.suiteResults();
        assertThat(s.trials()).as(out).hasSize(2);
        TrialResult capped = s.trials().get(0);
        assertThat(capped.load()).as(out).isNotNull();
        assertThat(capped.load().connections().serverCloses()
                        * 1000.0
                        / capped.load().requests())
                .as("closes per 1,000 requests")
                .isBetween(9.0, 11.0);
        assertThat(s.trials().get(1).load().connections().serverCloses()).isZero();
        ProfileEndToEndTest.recordsNoProfile(r, capped);
        assertThat(out)
                .contains("PARITY: keep_alive.max_requests: capped 100, open unlimited")
                .containsPattern("PARITY: connections closed by the server per 1,000 requests: capped (9|10|11)\\.\\d,"
                        + " open 0\\.0")
                .contains("PARITY: backlog: capped 1024, open unknown");
        assertThat(LabRun.processesOf(r.suiteDir())).isEmpty();
    }

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
                tmp.resolve("results"),
                180,
                List.of("run", suite.toString(), "-d", "2s", "-w", "0", "--warmup-limit", "3s", "--no-profile"));
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
        assertThat(s.trials().get(1).server().declared())
                .isEqualTo(Map.of("spring.threads.virtual.enabled", "true", "db_pool", "10"));
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

    @Test
    void aServerOfItsOwnRoutesIsValidatedOnTheScenarioFileAndJudged(@TempDir Path tmp) throws Exception {
        int port = LabRun.freePort();
        Path routes = tmp.resolve("my-routes.yaml");
        Files.copy(Path.of("..", "suites", "examples", "my-routes.yaml"), routes);
        LabRun r = LabRun.run(
                tmp.resolve("results"),
                120,
                List.of(
                        "run",
                        "--server-cmd",
                        LabRun.JAVA + " -cp " + LabRun.CP + " io.loadlab.e2e.fake.AnyPathServer " + port,
                        "--server-url",
                        "http://127.0.0.1:" + port,
                        "--scenario",
                        routes.toString(),
                        "-c",
                        "4",
                        "-d",
                        "2s",
                        "-w",
                        "0",
                        "--warmup-limit",
                        "3s",
                        "--no-profile"));
        String out = r.output();
        TrialResult t = r.suiteResults().trials().get(0);
        assertThat(t.validation().passed()).as(out).isTrue();
        assertThat(t.validation().checks())
                .as("the file's requests, and no contract probe")
                .contains("GET / ('home') → 2xx or 3xx", "GET /items/" + firstZip() + " ('item') → [200]")
                .noneMatch(c -> c.contains("/no-such-path") || c.contains("/plaintext"));
        assertThat(t.load()).as(out).isNotNull();
        assertThat(t.load().perRequest()).containsKeys("home", "item");
        assertThat(t.verdicts())
                .as(out)
                .noneMatch(v -> v.code() == VerdictCode.APP_BROKEN || v.code() == VerdictCode.WORK_MISMATCH);
        assertThat(t.ceiling().explanation()).startsWith("no ceiling: the scenario file's requests declare no wait");
        assertThat(t.key().scenario()).isEqualTo("file");
        assertThat(LabRun.processesOf(r.suiteDir())).isEmpty();
    }

    private static String firstZip() {
        return ZipCodes.generate(Defaults.SEED, 1000).get(0).zip();
    }
}
