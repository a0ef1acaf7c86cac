package io.loadlab.lab.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteFilesTest {
    static final Path SUITES = Path.of("..", "suites");

    @Test
    void everyShippedSuiteParses() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(SUITES)) {
            files = s.filter(p -> p.toString().endsWith(".yaml")).toList();
        }
        assertThat(files)
                .extracting(p -> p.getFileName().toString())
                .contains(
                        "quick.yaml",
                        "full.yaml",
                        "spring-async-servlet.yaml",
                        "c10k-backend.yaml",
                        "rxjava-servers.yaml",
                        "reactive-crud.yaml");
        for (Path f : files) {
            SuiteSpec s = SuiteFiles.read(f);
            assertThat(s.trialCount()).as(f.toString()).isPositive();
        }
    }

    @Test
    void quickShowsTheMixAndTheBackendCallOnEveryModel() {
        SuiteSpec quick = SuiteFiles.load("quick", SUITES);
        assertThat(quick.experiments()).anySatisfy(e -> {
            assertThat(e.scenario().kind()).isEqualTo(ScenarioKind.MIXED);
            assertThat(e.scenario().fast()).isEqualTo(9);
            assertThat(e.scenario().slow()).isEqualTo(1);
        });
        assertThat(quick.experiments()).anySatisfy(e -> {
            assertThat(e.scenario().kind()).isEqualTo(ScenarioKind.BACKEND);
            assertThat(e.models()).containsExactlyElementsOf(Models.ALL);
        });
        // the budget: warm-up + measurement + ~6 s of process start and stop per trial, within 5 minutes
        double seconds = quick.trialCount()
                * (quick.warmup().toSeconds() + quick.duration().toSeconds() + 6);
        assertThat(seconds).isLessThan(300);
    }

    @Test
    void readsEveryField(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("x.yaml");
        Files.writeString(f, """
                warmup: 1s
                duration: 3s
                repetitions: 2
                cpus: {server: "1", loadgen: "0", dependencies: "0"}
                thresholds: {errors: 0.05}
                experiments:
                  - name: d
                    scenario: {type: delay, delay: 50ms}
                    models: [netty, vertx]
                    connections: [10, 20]
                    server: {event-loops: 1}
                  - name: r
                    scenario: {type: crud, reads: 3, writes: 1, keys: 100}
                    models: netty
                    connections: 5
                    rates: [100, 200]
                """);
        SuiteSpec s = SuiteFiles.read(f);
        assertThat(s.name()).isEqualTo("x");
        assertThat(s.duration()).isEqualTo(Duration.ofSeconds(3));
        assertThat(s.cpus()).isEqualTo(new CpuSplit("1", "0", "0"));
        assertThat(s.thresholds().errors()).isEqualTo(0.05);
        assertThat(s.thresholds().steady()).isEqualTo(Thresholds.DEFAULTS.steady());
        assertThat(s.trialCount()).isEqualTo(2 * (2 * 2 + 1 * 2));
        ExperimentSpec r = s.experiments().get(1);
        assertThat(r.loads()).allSatisfy(l -> assertThat(l.connections()).isEqualTo(5));
        assertThat(r.loads().get(1).rateRps()).isEqualTo(200.0);
        assertThat(s.experiments().get(0).serverOptions()).containsEntry("event-loops", "1");
        assertThat(s.experiments().get(0).scenario().delay()).isEqualTo(Duration.ofMillis(50));
    }

    @Test
    void anUnknownKeyIsNamedWithItsLine(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, """
                duration: 3s
                experiments:
                  - name: d
                    scenario: {type: plaintext}
                    modles: [netty]
                """);
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("bad.yaml:5")
                .hasMessageContaining("unknown key 'modles'");
    }

    @Test
    void badValuesSayWhatWasExpected(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, "experiments:\n  - name: d\n    scenario: {type: teapot}\n");
        assertThatThrownBy(() -> SuiteFiles.read(f)).hasMessageContaining("unknown scenario 'teapot'");
        Files.writeString(f, "experiments:\n  - name: d\n    scenario: {type: json}\n    models: [tomcat]\n");
        assertThatThrownBy(() -> SuiteFiles.read(f)).hasMessageContaining("unknown model 'tomcat'");
        assertThatThrownBy(() -> SuiteFiles.load("nope", dir)).hasMessageContaining("no suite 'nope'");
    }

    @Test
    void cpuSplitKeepsTheServerAwayFromTheLoadGenerator() {
        assertThat(CpuSplit.forHost(1)).isEqualTo(CpuSplit.UNPINNED);
        assertThat(CpuSplit.forHost(2)).isEqualTo(new CpuSplit("1", "0", "0"));
        assertThat(CpuSplit.forHost(8)).isEqualTo(new CpuSplit("4-7", "0-3", "0-3"));
        assertThat(CpuSplit.ids("0,2-4")).containsExactly(0, 2, 3, 4);
    }
}
