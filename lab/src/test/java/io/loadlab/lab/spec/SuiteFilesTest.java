package io.loadlab.lab.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.Criterion;
import io.loadlab.core.unit.Duration;
import io.loadlab.servers.ServerSpec;
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
            SuitePlan s = SuiteFiles.read(f).plan();
            assertThat(s.trialCount()).as(f.toString()).isPositive();
        }
    }

    @Test
    void quickShowsTheMixAndTheBackendCallOnEveryModelWithinItsBudget() {
        SuitePlan quick = SuiteFiles.load("quick", SUITES).plan();
        assertThat(quick.experiments()).anySatisfy(e -> {
            assertThat(e.scenario().kind()).isEqualTo(ScenarioKind.MIXED);
            assertThat(e.scenario().mix()).isEqualTo(new ScenarioSpec.Mix(9, 1, false));
            assertThat(e.loads())
                    .allSatisfy(l -> assertThat(l.rateRps()).as("a fixed rate").isNotNull());
            assertThat(e.criterion().request()).isEqualTo("fast");
        });
        assertThat(quick.experiments()).anySatisfy(e -> {
            assertThat(e.scenario().kind()).isEqualTo(ScenarioKind.BACKEND);
            assertThat(e.loads()).allSatisfy(l -> assertThat(l.connections()).isEqualTo(1000));
        });
        assertThat(quick.experiments().stream().flatMap(e -> e.models().stream()))
                .as("every model is in the answer somewhere")
                .containsAll(ConcurrencyModel.all().stream()
                        .map(ConcurrencyModel::id)
                        .toList());
        // the budget: warm-up + measurement + ~5 s of process start and stop per trial, within 5 minutes
        double seconds = quick.trialCount()
                * (quick.timing().warmup().toSeconds()
                        + quick.timing().duration().toSeconds()
                        + 5);
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
                    server: {event-loops: 1, offload: worker, stack-size: 256KiB}
                  - name: r
                    scenario: {type: crud, reads: 3, writes: 1, keys: 100}
                    models: netty
                    connections: 5
                    rates: [100, 200]
                    answer: {by: p99, request: read}
                  - name: m
                    scenario: {type: mixed, fast: 3, slow: 1, split: connections}
                    models: [all]
                    connections: 8
                    answer: {slo: 200ms}
                """);
        SuiteFiles.Suite suite = SuiteFiles.read(f);
        SuitePlan s = suite.plan();
        assertThat(s.name()).isEqualTo("x");
        assertThat(s.timing().duration()).isEqualTo(Duration.ofSeconds(3));
        assertThat(suite.cpus()).isEqualTo(new CpuSplit("1", "0", "0"));
        assertThat(s.thresholds().errors()).isEqualTo(0.05);
        assertThat(s.thresholds().steady()).isEqualTo(Thresholds.DEFAULTS.steady());
        assertThat(s.trialCount()).isEqualTo(2 * (2 * 2 + 1 * 2 + 8));
        ExperimentSpec r = s.experiments().get(1);
        assertThat(r.loads()).allSatisfy(l -> assertThat(l.connections()).isEqualTo(5));
        assertThat(r.loads().get(1).rateRps()).isEqualTo(200.0);
        assertThat(r.criterion()).isEqualTo(new Criterion(Criterion.P99, "read", null));
        ExperimentSpec d = s.experiments().get(0);
        assertThat(d.server().eventLoops()).isEqualTo(1);
        assertThat(d.server().offload()).isEqualTo(ServerSpec.Offload.WORKER);
        assertThat(d.server().asMap()).containsEntry("stack-size", "256KiB").containsEntry("offload", "worker");
        assertThat(d.scenario().delay()).isEqualTo(Duration.ofMillis(50));
        assertThat(d.criterion()).as("closed model: highest throughput").isEqualTo(Criterion.defaultFor(false));
        ExperimentSpec m = s.experiments().get(2);
        assertThat(m.scenario().mix().byConnection()).isTrue();
        assertThat(m.models()).hasSize(ConcurrencyModel.all().size());
        assertThat(m.criterion().sloMs()).isEqualTo(200.0);
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
        Files.writeString(f, "experiments:\n  - name: d\n    scenario: {type: json}\n    server: {treads: 4}\n");
        assertThatThrownBy(() -> SuiteFiles.read(f)).hasMessageContaining("unknown key 'treads'");
        Files.writeString(f, "experiments:\n  - name: d\n    scenario: {type: json}\n    server: {threads: 0}\n");
        assertThatThrownBy(() -> SuiteFiles.read(f)).hasMessageContaining("threads must be at least 1");
        Files.writeString(
                f,
                "experiments:\n  - name: d\n    scenario: {type: json}\n    connections: 5\n    rates: [10]\n"
                        + "  - name: e\n    scenario: {type: json}\n    answer: {by: speed}\n");
        assertThatThrownBy(() -> SuiteFiles.read(f)).hasMessageContaining("answer.by is 'throughput' or 'p99'");
    }

    @Test
    void cpuSplitKeepsTheServerAwayFromTheLoadGenerator() {
        assertThat(CpuSplit.forHost(1)).isEqualTo(CpuSplit.UNPINNED);
        assertThat(CpuSplit.forHost(2)).isEqualTo(new CpuSplit("1", "0", "0"));
        assertThat(CpuSplit.forHost(8)).isEqualTo(new CpuSplit("4-7", "0-3", "0-3"));
        assertThat(CpuSplit.ids("0,2-4")).containsExactly(0, 2, 3, 4);
    }
}
