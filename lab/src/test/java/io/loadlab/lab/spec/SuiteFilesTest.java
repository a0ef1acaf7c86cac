package io.loadlab.lab.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.Criterion;
import io.loadlab.core.unit.Duration;
import io.loadlab.servers.ServerSpec;
import io.loadlab.transport.NettyTransport;
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
                        "reactive-crud.yaml",
                        "overload.yaml");
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
                .containsAll(ConcurrencyModel.reference().stream()
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
                    models: [netty, vertx, servlet-async, thread-per-connection]
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
        assertThat(s.trialCount()).isEqualTo(2 * (4 * 2 + 1 * 2 + 8));
        ExperimentSpec r = s.experiments().get(1);
        assertThat(r.loads()).allSatisfy(l -> assertThat(l.connections()).isEqualTo(5));
        assertThat(r.loads().get(1).rateRps()).isEqualTo(200.0);
        assertThat(r.criterion()).isEqualTo(new Criterion(Criterion.P99, "read", null));
        ExperimentSpec d = s.experiments().get(0);
        assertThat(d.server().eventLoops()).isEqualTo(1);
        assertThat(d.server().offload()).isEqualTo(ServerSpec.Offload.WORKER);
        assertThat(d.server().asMap()).containsEntry("stack-size", "256KiB").containsEntry("offload", "worker");
        assertThat(d.info().serverOptions())
                .as("the results say which models read an option only some of them read")
                .containsEntry("offload", "worker (servlet-async only)")
                .containsEntry("event-loops", "1 (netty, vertx only)");
        assertThat(d.scenario().delay()).isEqualTo(Duration.ofMillis(50));
        assertThat(d.criterion()).as("closed model: highest throughput").isEqualTo(Criterion.defaultFor(false));
        ExperimentSpec m = s.experiments().get(2);
        assertThat(m.scenario().mix().byConnection()).isTrue();
        assertThat(m.models()).hasSize(ConcurrencyModel.reference().size());
        assertThat(m.criterion().sloMs()).isEqualTo(200.0);
    }

    @Test
    void theSuitesOwnServersAreModelsBesideTheCatalogs(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("mine.yaml");
        Files.writeString(f, """
                servers:
                  - {name: app-platform, command: "java -jar app.jar", url: "http://127.0.0.1:8080", cap: 200}
                  - name: app-virtual
                    command: "java -Dspring.threads.virtual.enabled=true -jar app.jar"
                    url: "http://127.0.0.1:8080/"
                    settings: {spring.threads.virtual.enabled: true}
                experiments:
                  - name: d
                    scenario: {type: delay}
                    models: [app-platform, app-virtual, netty]
                """);
        SuitePlan s = SuiteFiles.read(f).plan();
        assertThat(s.experiments().get(0).models()).containsExactly("app-platform", "app-virtual", "netty");
        assertThat(s.server("app-platform").cap()).isEqualTo(200);
        assertThat(s.server("app-virtual").url()).isEqualTo("http://127.0.0.1:8080");
        assertThat(s.server("app-virtual").settings()).containsEntry("spring.threads.virtual.enabled", "true");
        assertThat(s.server("netty")).isNull();
        assertThat(s.trialCount()).isEqualTo(3);
    }

    @Test
    void theExampleOfYourOwnAppRunsItsVariantsOnTheScenarioFileBesideIt() {
        SuitePlan s = SuiteFiles.read(SUITES.resolve("examples/my-app.yaml")).plan();
        ExperimentSpec routes = s.experiments().get(0);
        assertThat(routes.scenario().kind()).isEqualTo(ScenarioKind.FILE);
        assertThat(routes.scenario().file().path())
                .isEqualTo(SUITES.resolve("examples/my-routes.yaml")
                        .toAbsolutePath()
                        .normalize());
        assertThat(routes.scenario().floor()).isEqualTo(Duration.ofMillis(100));
        assertThat(routes.scenario().label()).isEqualTo("file my-routes.yaml 100ms");
        assertThat(routes.models()).containsExactly("app-platform", "app-virtual");
        assertThat(s.needsBackend() || s.needsDatabase() || s.needsHttps()).isFalse();
        assertThat(routes.scenario().file().definition().requests())
                .extracting(r -> r.request().name() + " " + r.request().weight())
                .containsExactly("home 8", "item 2");
        SuitePlan spring =
                SuiteFiles.read(SUITES.resolve("examples/spring-variants.yaml")).plan();
        assertThat(spring.experiments().get(0).models()).containsExactly("mvc-platform", "mvc-virtual");
        assertThat(spring.server("mvc-virtual").settings()).containsEntry("spring.threads.virtual.enabled", "true");
    }

    @Test
    void aFileScenarioNeedsAFileThatExists(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("nofile.yaml");
        Files.writeString(f, """
                experiments: [{name: r, scenario: {type: file, path: missing.yaml}, models: [netty]}]
                """);
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .isInstanceOf(UserError.class)
                .hasMessage(f + ": experiment 'r': scenario file " + dir.resolve("missing.yaml") + " not found");
        Path g = dir.resolve("nopath.yaml");
        Files.writeString(g, """
                experiments: [{name: r, scenario: {type: plaintext, wait: 10ms}, models: [netty]}]
                """);
        assertThatThrownBy(() -> SuiteFiles.read(g))
                .hasMessageContaining("path and wait belong to a scenario of type file");
    }

    @Test
    void aServerMayNotTakeACatalogNameNorAnExperimentAnUnknownOne(@TempDir Path dir) throws IOException {
        Path clash = dir.resolve("clash.yaml");
        Files.writeString(clash, """
                servers: [{name: netty, command: "./app", url: "http://127.0.0.1:8080"}]
                experiments: [{name: d, scenario: {type: delay}, models: [netty]}]
                """);
        assertThatThrownBy(() -> SuiteFiles.read(clash))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith(clash + ": server name 'netty' is taken by the model catalog");
        Path unknown = dir.resolve("unknown.yaml");
        Files.writeString(unknown, """
                servers: [{name: mine, command: "./app", url: "http://127.0.0.1:8080"}]
                experiments: [{name: d, scenario: {type: delay}, models: [mien]}]
                """);
        assertThatThrownBy(() -> SuiteFiles.read(unknown))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("unknown model 'mien'")
                .hasMessageContaining("the suite's servers: mine");
    }

    @Test
    void loadAgentsAreAsked(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("a.yaml");
        String body = """
                experiments:
                  - name: d
                    scenario: {type: plaintext}
                    models: [netty]
                    connections: 10
                """;
        Files.writeString(f, "loadgen: {agents: 2}\n" + body);
        assertThat(SuiteFiles.read(f).plan().agents()).isEqualTo(2);
        Files.writeString(f, body);
        assertThat(SuiteFiles.read(f).plan().agents())
                .as("one load generator by default")
                .isEqualTo(1);
        Files.writeString(f, "loadgen: {agents: 0}\n" + body);
        assertThatThrownBy(() -> SuiteFiles.read(f)).hasMessageContaining("agents must be at least 1");
        Files.writeString(f, "loadgen: {agents: 11}\n" + body);
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .hasMessageContaining("experiment d: -c 10 is fewer than --agents 11: every agent needs at least one");
    }

    @Test
    void theLoadGeneratorsAndTheServersTransportAreNamed(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("t.yaml");
        String body = """
                experiments:
                  - name: d
                    scenario: {type: plaintext}
                    models: [netty, vertx]
                    connections: 10
                    server: {transport: io_uring}
                """;
        Files.writeString(f, "loadgen: {transport: nio}\n" + body);
        SuitePlan plan = SuiteFiles.read(f).plan();
        assertThat(plan.loadgenTransport()).isEqualTo(NettyTransport.NIO);
        assertThat(plan.experiments().get(0).server().transport()).isEqualTo(NettyTransport.IO_URING);
        assertThat(plan.experiments().get(0).server().asMap()).containsEntry("transport", "io_uring");
        Files.writeString(f, body);
        assertThat(SuiteFiles.read(f).plan().loadgenTransport())
                .as("the load generator's own default")
                .isNull();
        Files.writeString(f, "loadgen: {transport: kqueue}\n" + body);
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .hasMessageContaining("unknown transport 'kqueue': use io_uring, epoll or nio");
        Files.writeString(f, body.replace("models: [netty, vertx]", "models: [servlet-sync]"));
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .as("a transport only netty and vertx read")
                .hasMessageContaining("server.transport is read by no model of the experiment [servlet-sync]");
    }

    @Test
    void yamlThatDoesNotParseIsOneLineWithTheProblemsLine(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(
                dir.resolve("indent.yaml"), "name: x\nexperiments:\n  - name: a\n   scenario: {type: json}\n");

        assertThatThrownBy(() -> SuiteFiles.read(f))
                .isInstanceOf(UserError.class)
                .hasMessage(f + ":4: while parsing a block collection: expected <block end>, but found"
                        + " '<block mapping start>' (column 4)");
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
        Files.writeString(f, "experiments:\n  - name: d\n    scenario: {type: json}\n    models: [glassfish]\n");
        assertThatThrownBy(() -> SuiteFiles.read(f)).hasMessageContaining("unknown model 'glassfish'");
        assertThatThrownBy(() -> SuiteFiles.load("nope", dir)).hasMessageContaining("no suite 'nope'");
        assertThatThrownBy(() -> SuiteFiles.load("nope.yaml", dir))
                .hasMessageContaining("no suite file nope.yaml;")
                .hasMessageNotContaining("nope.yaml.yaml");
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
    void anOptionNoModelOfTheExperimentReadsIsAnError(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("opt.yaml");
        Files.writeString(f, """
                experiments:
                  - name: mix
                    scenario: {type: delay}
                    models: [servlet-sync]
                    server: {max-threads: 16, worker-threads: 16, offload: worker}
                """);
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith(f + ": experiment 'mix': server.worker-threads is read by no model")
                .hasMessageContaining("[servlet-async, spring-mvc-async, httpcore5-nio]")
                .hasMessageNotContaining("\n");
        Files.writeString(f, """
                experiments:
                  - name: w
                    scenario: {type: delay}
                    models: [servlet-async]
                    server: {worker-threads: 16}
                """);
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .hasMessage(f + ": experiment 'w': server.worker-threads is read only with server.offload: worker");
    }

    @Test
    void readsPublishedFigures(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("pub.yaml");
        Files.writeString(f, """
                experiments:
                  - name: mix
                    scenario: {type: mixed, split: connections}
                    models: [servlet-sync, servlet-async]
                    connections: [1000, 50000]
                    published:
                      source: "zjumty, async servlet tests"
                      hardware: "Xeon E5-2643 v2"
                      tool: "wrk -c 900"
                      figures:
                        - {model: servlet-sync, setup: "/nodelay", connections: 1000, request: fast, rps: 5098.09, mean_ms: 213.21, quote: "Requests/sec: 5098.09"}
                        - {model: servlet-async, connections: 50000, p99_ms: 99.5, quote: "q", note: "from a chart"}
                        - {setup: "ab alone", connections: 1000, rps: 83302.25, quote: "Requests per second: 83302.25"}
                """);
        ExperimentSpec e = SuiteFiles.read(f).plan().experiments().get(0);
        var p = e.published();
        assertThat(p.source()).isEqualTo("zjumty, async servlet tests");
        assertThat(p.hardware()).isEqualTo("Xeon E5-2643 v2");
        assertThat(p.tool()).isEqualTo("wrk -c 900");
        assertThat(p.figures()).hasSize(3);
        var sync = p.figures().get(0);
        assertThat(sync.model()).isEqualTo("servlet-sync");
        assertThat(sync.load()).isEqualTo(new io.loadlab.core.result.LoadLevel(1000, null));
        assertThat(sync.request()).isEqualTo("fast");
        assertThat(sync.rps()).isEqualTo(5098.09);
        assertThat(sync.meanMs()).isEqualTo(213.21);
        assertThat(sync.p99Ms()).isNull();
        assertThat(p.figures().get(1).note()).isEqualTo("from a chart");
        assertThat(p.figures().get(2).model()).isNull();
        assertThat(e.info().published()).isEqualTo(p);
    }

    @Test
    void badPublishedFiguresAreOneLineNamingTheFileAndField(@TempDir Path dir) throws IOException {
        String head = """
                experiments:
                  - name: e
                    scenario: {type: delay}
                    models: [netty]
                    connections: [100]
                    published:
                """;
        String[][] cases = {
            {"      figures: [{model: netty, connections: 100, rps: 1, quote: q}]", "experiments[0].published.source:"},
            {"      source: s\n      figures: []", "experiments[0].published.figures: give at least one"},
            {
                "      source: s\n      figures: [{model: nety, connections: 100, rps: 1, quote: q}]",
                "experiments[0].published.figures[0].model: 'nety' is not a model of experiment 'e'"
            },
            {
                "      source: s\n      figures: [{model: netty, connections: 7, rps: 1, quote: q}]",
                "experiments[0].published.figures[0]: 7 conn is not a load level of experiment 'e'"
            },
            {
                "      source: s\n      figures: [{model: netty, rps: 1, quote: q}]",
                "experiments[0].published.figures[0].connections:"
            },
            {
                "      source: s\n      figures: [{model: netty, connections: 100, quote: q}]",
                "experiments[0].published.figures[0]: give at least one of rps"
            },
            {
                "      source: s\n      figures: [{model: netty, connections: 100, rps: 1}]",
                "experiments[0].published.figures[0].quote:"
            },
            {
                "      source: s\n      figures: [{model: netty, connections: 100, rps: -1, quote: q}]",
                "experiments[0].published.figures[0]: a published figure is above 0"
            },
            {
                "      source: s\n      figures: [{model: netty, connections: 100, request: fast, rps: 1, quote: q}]",
                "experiments[0].published.figures[0].request: 'fast' needs a scenario with named requests"
            },
            {
                "      source: s\n      figures: [{connections: 100, rps: 1, quote: q}]",
                "experiments[0].published.figures[0]: a figure without a model needs 'setup:'"
            },
        };
        Path f = dir.resolve("bad.yaml");
        for (String[] c : cases) {
            Files.writeString(f, head + c[0] + "\n");
            assertThatThrownBy(() -> SuiteFiles.read(f))
                    .as(c[0])
                    .isInstanceOf(UserError.class)
                    .hasMessageStartingWith(f + ": " + c[1])
                    .hasMessageNotContaining("\n");
        }
        Files.writeString(
                f, head + "      source: s\n      figures: [{model: netty, connections: 100, rsp: 1, quote: q}]\n");
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .hasMessageStartingWith(f + ":8: unknown key 'rsp'")
                .hasMessageContaining("experiments[0].published.figures[0].rsp")
                .hasMessageContaining("connections")
                .hasMessageNotContaining("load");
        Files.writeString(f, head + "      source: s\n      figures: [{model: netty, load: 100, rps: 1, quote: q}]\n");
        assertThatThrownBy(() -> SuiteFiles.read(f))
                .hasMessageStartingWith(f + ":8: unknown key 'load'")
                .hasMessageContaining("experiments[0].published.figures[0].load");
    }

    @Test
    void theSeedSuitesCarryTheirPublishedFigures() {
        SuitePlan spring = SuiteFiles.load("spring-async-servlet", SUITES).plan();
        assertThat(spring.experiments().stream()
                        .filter(e -> e.published() != null)
                        .flatMap(e -> e.published().figures().stream())
                        .map(fig -> fig.rps()))
                .contains(156.64, 155.83, 156.62, 155.99, 47324.93, 55628.92, 66512.06, 5098.09, 46961.89, 47831.09);
        assertThat(spring.experiments())
                .anySatisfy(e -> assertThat(e.loads())
                        .allSatisfy(l -> assertThat(l.rateRps()).isNotNull()));
        SuitePlan c10k = SuiteFiles.load("c10k-backend", SUITES).plan();
        assertThat(c10k.experiments().stream()
                        .flatMap(e -> e.published().figures().stream())
                        .map(fig -> fig.rps()))
                .contains(83302.25, 18291.0, 16137.0, 16600.0, 11834.0, 12066.0, 14543.0, 14065.0, 12664.0);
        SuitePlan rx = SuiteFiles.load("rxjava-servers", SUITES).plan();
        assertThat(rx.experiments())
                .allSatisfy(e ->
                        assertThat(e.loads()).extracting(l -> l.connections()).contains(1, 10, 100, 20000, 50000));
    }

    @Test
    void cpuSplitKeepsTheServerAwayFromTheLoadGenerator() {
        assertThat(CpuSplit.forHost(1)).isEqualTo(CpuSplit.UNPINNED);
        assertThat(CpuSplit.forHost(2)).isEqualTo(new CpuSplit("1", "0", "0"));
        assertThat(CpuSplit.forHost(8)).isEqualTo(new CpuSplit("4-7", "0-3", "0-3"));
        assertThat(CpuSplit.ids("0,2-4")).containsExactly(0, 2, 3, 4);
    }

    @Test
    void anExperimentMayMarkAModelItDemonstratesBroken(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("broken.yaml");
        Files.writeString(
                f,
                "experiments:\n  - name: d\n    scenario: {type: json}\n    models: [netty, vertx]\n"
                        + "    refused: [vertx]\n");
        ExperimentSpec e = SuiteFiles.read(f).plan().experiments().get(0);
        assertThat(e.expectsRefused("vertx")).isTrue();
        assertThat(e.expectsRefused("netty")).isFalse();
        Files.writeString(
                f,
                "experiments:\n  - name: d\n    scenario: {type: json}\n    models: [netty]\n"
                        + "    refused: [vertx]\n");
        assertThatThrownBy(() -> SuiteFiles.read(f)).hasMessageContaining("refused: vertx is not one of its models");
    }
}
