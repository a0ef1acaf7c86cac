package io.loadlab.lab.spec;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.loadlab.backend.BackendDefaults;
import io.loadlab.core.UserError;
import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.Criterion;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Size;
import io.loadlab.lab.LabDefaults;
import io.loadlab.lab.capacity.CapacityGoals;
import io.loadlab.loadgen.LoadgenDefaults;
import io.loadlab.servers.ServerModels;
import io.loadlab.servers.ServerSpec;
import io.loadlab.transport.NettyTransport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads suite YAML files (format in {@code docs/suites.md}) into a {@link SuitePlan} and the CPU split the suite asks
 * for (which belongs to the {@link LabSetup}: a {@code --cpus} flag overrides it). Every mistake is one
 * {@link UserError} naming the file, the line and the key, e.g. {@code suites/x.yaml:7: unknown key 'modles'}.
 */
public final class SuiteFiles {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
            .configure(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY, true)
            .configure(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS, true);

    /** A suite file's plan, and its {@code cpus:} (null when it gives none). */
    public record Suite(SuitePlan plan, CpuSplit cpus) {}

    private SuiteFiles() {}

    record SuiteFile(
            String name,
            String description,
            String warmup,
            String warmupLimit,
            String duration,
            Integer repetitions,
            CpuFile cpus,
            ThresholdFile thresholds,
            String backendDelay,
            LoadgenFile loadgen,
            List<ServerEntry> servers,
            List<ExperimentFile> experiments) {}

    /** One of the user's own servers, a model experiments list by {@code name} ({@link UserServer}). */
    record ServerEntry(String name, String command, String url, Integer cap, Map<String, String> settings) {}

    /**
     * {@code loadgen: {agents: N, transport: io_uring}}: each trial's load over N load agents, merged; the Netty
     * transport the load generators run on.
     */
    record LoadgenFile(Integer agents, String transport) {}

    record CpuFile(String server, String loadgen, String dependencies) {}

    record ThresholdFile(
            Double errors,
            Double loadgenMinIdle,
            Double dependencyBusy,
            Double iowait,
            Double steady,
            Double little,
            Double work,
            Double starved,
            Double share,
            Double belowCeiling) {}

    record ExperimentFile(
            String name,
            ScenarioFiles.ScenarioFile scenario,
            List<String> models,
            List<Integer> connections,
            List<Double> rates,
            ServerFile server,
            AnswerFile answer,
            PublishedFiles.PublishedFile published,
            CapacityFile capacity,
            List<String> refused) {}

    /** {@code capacity: {slo: "p99<100ms", errors: "<0.1%", start: 500, resolution: 5%, max_steps, max_rate}}. */
    record CapacityFile(String slo, String errors, String start, String resolution, Integer maxSteps, String maxRate) {}

    /** The {@code server:} options, by their {@code loadlab serve} flag names. */
    record ServerFile(
            Integer threads,
            Integer queue,
            @JsonProperty("max-threads") Integer maxThreads,
            @JsonProperty("worker-threads") Integer workerThreads,
            ServerSpec.Offload offload,
            @JsonProperty("event-loops") Integer eventLoops,
            @JsonProperty("db-pool") Integer dbPool,
            Integer backlog,
            @JsonProperty("stack-size") Size stackSize,
            String mode,
            @JsonProperty("io-threads") Integer ioThreads,
            @JsonProperty("http-client-connections") Integer httpClientConnections,
            String transport) {}

    /** {@code answer: {by: throughput | p99, request: NAME, slo: 200ms}}. */
    record AnswerFile(String by, String request, String slo) {}

    /** Finds {@code NAME} as {@code suitesDir/NAME.yaml}, or reads {@code NAME} as a path. */
    public static Suite load(String nameOrFile, Path suitesDir) {
        Path file = Path.of(nameOrFile);
        if (!Files.isRegularFile(file)) {
            // A path or a .yaml name is a file the user meant; appending .yaml to it would name a file nobody wrote.
            if (nameOrFile.contains("/") || nameOrFile.endsWith(".yaml") || nameOrFile.endsWith(".yml")) {
                throw new UserError("no suite file " + file + "; give an existing file or one of the suites by name: "
                        + available(suitesDir));
            }
            Path named = suitesDir.resolve(nameOrFile + ".yaml");
            if (!Files.isRegularFile(named)) {
                throw new UserError("no suite '" + nameOrFile + "': neither a file nor " + named + " (suites: "
                        + available(suitesDir) + ")");
            }
            file = named;
        }
        return read(file);
    }

    public static Suite read(Path file) {
        SuiteFile f;
        try {
            f = YAML.readValue(file.toFile(), SuiteFile.class);
        } catch (JsonProcessingException e) {
            throw YamlErrors.of(file, e);
        } catch (IOException e) {
            throw new UserError("cannot read suite " + file + ": " + e.getMessage());
        }
        if (f == null) {
            throw new UserError(file + ": the suite file is empty");
        }
        try {
            return toSpec(f, file);
        } catch (IllegalArgumentException e) {
            throw new UserError(file + ": " + e.getMessage());
        }
    }

    private static Suite toSpec(SuiteFile f, Path file) {
        String base = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        List<ExperimentSpec> experiments = new ArrayList<>();
        if (f.experiments() == null) {
            throw new IllegalArgumentException("no 'experiments:' list");
        }
        List<UserServer> servers = new ArrayList<>();
        for (ServerEntry s : f.servers() == null ? List.<ServerEntry>of() : f.servers()) {
            servers.add(new UserServer(s.name(), s.command(), s.url(), s.cap(), s.settings()));
        }
        for (int i = 0; i < f.experiments().size(); i++) {
            experiments.add(experiment(
                    f.experiments().get(i), i, servers, file.toAbsolutePath().getParent()));
        }
        CpuSplit cpus = f.cpus() == null
                ? null
                : new CpuSplit(f.cpus().server(), f.cpus().loadgen(), f.cpus().dependencies());
        SuitePlan plan = new SuitePlan(
                f.name() != null ? f.name() : base,
                f.description(),
                new Timing(
                        f.warmup() != null ? Duration.parse(f.warmup()) : LabDefaults.SUITE_WARMUP,
                        f.warmupLimit() != null ? Duration.parse(f.warmupLimit()) : LabDefaults.WARMUP_LIMIT,
                        f.duration() != null ? Duration.parse(f.duration()) : LoadgenDefaults.DURATION,
                        f.repetitions() != null ? f.repetitions() : LabDefaults.REPETITIONS),
                f.backendDelay() != null ? Duration.parse(f.backendDelay()) : BackendDefaults.BACKEND_DELAY,
                thresholds(f.thresholds()),
                experiments,
                f.loadgen() == null || f.loadgen().agents() == null
                        ? 1
                        : f.loadgen().agents(),
                servers,
                f.loadgen() == null || f.loadgen().transport() == null
                        ? null
                        : NettyTransport.parse(f.loadgen().transport()));
        return new Suite(plan, cpus);
    }

    private static ExperimentSpec experiment(ExperimentFile e, int index, List<UserServer> servers, Path dir) {
        ScenarioSpec scenario = ScenarioFiles.spec(e.name(), e.scenario(), dir);
        List<Integer> conns = e.connections() == null ? List.of(LoadgenDefaults.CONNECTIONS) : e.connections();
        List<LoadLevel> loads = new ArrayList<>();
        if (e.rates() != null && !e.rates().isEmpty()) {
            for (double r : e.rates()) {
                loads.add(new LoadLevel(conns.get(0), r));
            }
        } else {
            for (int c : conns) {
                if (c < 1) {
                    throw new IllegalArgumentException("experiment '" + e.name() + "': connections must be >= 1");
                }
                loads.add(new LoadLevel(c, null));
            }
        }
        ServerFile o = e.server();
        ServerOptions server = o == null
                ? ServerOptions.NONE
                : new ServerOptions(
                        o.threads(),
                        o.queue(),
                        o.maxThreads(),
                        o.workerThreads(),
                        o.offload(),
                        o.eventLoops(),
                        o.dbPool(),
                        o.backlog(),
                        o.stackSize(),
                        o.mode(),
                        o.ioThreads(),
                        o.httpClientConnections(),
                        o.transport() == null ? null : NettyTransport.parse(o.transport()));
        List<String> models = ExperimentSpec.models(e.models(), servers);
        if (scenario.http2()) {
            for (String m : models.stream().filter(ExperimentSpec::inCatalog).toList()) {
                ServerModels.requireHttp2(ConcurrencyModel.byId(m), scenario.protocol());
            }
        }
        if (e.capacity() != null) {
            return capacity(e, scenario, models, conns.get(0), server);
        }
        return new ExperimentSpec(
                        e.name(),
                        scenario,
                        models,
                        loads,
                        server,
                        criterion(e.name(), e.answer()),
                        PublishedFiles.published(
                                "experiments[" + index + "].published",
                                e.published(),
                                e.name(),
                                scenario,
                                models,
                                loads),
                        null,
                        null)
                .withRefused(e.refused());
    }

    private static ExperimentSpec capacity(
            ExperimentFile e, ScenarioSpec scenario, List<String> models, int connections, ServerOptions server) {
        if (e.rates() != null || e.answer() != null || e.published() != null) {
            throw new IllegalArgumentException("experiment '" + e.name() + "': a capacity search picks its own rates"
                    + " and ranks by capacity: drop rates, answer and published");
        }
        CapacityFile c = e.capacity();
        try {
            return ExperimentSpec.capacity(
                    e.name(),
                    scenario,
                    models,
                    connections,
                    server,
                    CapacityGoals.parse(
                            c.slo(), c.errors(), c.start(), c.resolution(), c.maxSteps(), c.maxRate(), connections));
        } catch (UserError bad) {
            throw new IllegalArgumentException("experiment '" + e.name() + "': " + bad.getMessage());
        }
    }

    private static Criterion criterion(String experiment, AnswerFile a) {
        if (a == null) {
            return null;
        }
        String by = a.by() == null ? Criterion.THROUGHPUT : a.by();
        if (!by.equals(Criterion.THROUGHPUT) && !by.equals(Criterion.P99)) {
            throw new IllegalArgumentException(
                    "experiment '" + experiment + "': answer.by is 'throughput' or 'p99', not '" + by + "'");
        }
        Double slo = a.slo() == null ? null : Duration.parse(a.slo()).nanos() / 1e6;
        return new Criterion(by, a.request(), slo);
    }

    private static Thresholds thresholds(ThresholdFile t) {
        Thresholds d = Thresholds.DEFAULTS;
        if (t == null) {
            return d;
        }
        return new Thresholds(
                or(t.errors(), d.errors()),
                or(t.loadgenMinIdle(), d.loadgenMinIdle()),
                or(t.dependencyBusy(), d.dependencyBusy()),
                or(t.iowait(), d.iowait()),
                or(t.steady(), d.steady()),
                or(t.little(), d.little()),
                or(t.work(), d.work()),
                or(t.starved(), d.starved()),
                or(t.share(), d.share()),
                or(t.belowCeiling(), d.belowCeiling()));
    }

    private static double or(Double v, double d) {
        return v != null ? v : d;
    }

    private static String available(Path dir) {
        try (var s = Files.list(dir)) {
            return String.join(
                    ", ",
                    s.map(p -> p.getFileName().toString())
                            .filter(n -> n.endsWith(".yaml"))
                            .map(n -> n.substring(0, n.length() - 5))
                            .sorted()
                            .toList());
        } catch (IOException e) {
            return "none found in " + dir;
        }
    }
}
