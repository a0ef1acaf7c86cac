package io.loadlab.cli;

import io.loadlab.backend.BackendDefaults;
import io.loadlab.core.UserError;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.lab.LabDefaults;
import io.loadlab.lab.capacity.CapacityGoals;
import io.loadlab.lab.deps.Database;
import io.loadlab.lab.profile.ProfileDefaults;
import io.loadlab.lab.profile.ProfileMode;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.ExperimentSpec;
import io.loadlab.lab.spec.FileScenario;
import io.loadlab.lab.spec.LabSetup;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.spec.ServerOptions;
import io.loadlab.lab.spec.SuitePlan;
import io.loadlab.lab.spec.Thresholds;
import io.loadlab.lab.spec.Timing;
import io.loadlab.lab.spec.UserServer;
import io.loadlab.loadgen.LoadgenDefaults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/** The flags of {@code loadlab run}: ad-hoc experiments and overrides of a suite's settings. */
final class RunOptions {
    /** {@code --server-cmd NAME=CMD}: a name as a suite's servers take, then the command. */
    private static final Pattern NAMED = Pattern.compile("([A-Za-z0-9][A-Za-z0-9._-]*)=(\\S.*)", Pattern.DOTALL);

    @Option(
            names = "--scenario",
            paramLabel = "S",
            description = "Run one ad-hoc experiment: plaintext, json, delay, mixed, backend or crud; or the path of a"
                    + " scenario file (loadlab load --scenario's format: your own routes, each validated against its"
                    + " expect_status, expect_body and expect_content_type; --delay declares what each request waits"
                    + " downstream, for the ceiling).")
    String scenario;

    @Option(
            names = {"-m", "--model"},
            split = ",",
            paramLabel = "M",
            description = "Models of the ad-hoc experiment, comma-separated, or 'all' (default: all).")
    List<String> models;

    @Option(
            names = {"-c", "--connections"},
            split = ",",
            paramLabel = "N",
            converter = CountConverter.class,
            description = "Connections, comma-separated for several load levels, e.g. 100,1k,10k (default: "
                    + LoadgenDefaults.CONNECTIONS + ").")
    List<Integer> connections;

    @Option(
            names = {"-R", "--rate"},
            split = ",",
            paramLabel = "RATE",
            description = "Open model: requests per second, comma-separated, e.g. 5k,50k; -c is then the connection"
                    + " cap.")
    List<String> rates;

    @Option(
            names = "--capacity",
            paramLabel = "SLO",
            description = "Search each model's capacity at this objective, e.g. 'p99<100ms': open-model steps from"
                    + " -R (default: " + (int) CapacityGoals.START + " req/s) doubling until one fails, then"
                    + " bisection to 5%%; -c is the connection cap (default: " + CapacityGoals.CONNECTIONS + ")."
                    + " A step passes with the objective met, errors"
                    + " under 0.1%% and no growing backlog (docs/methodology.md).")
    String capacity;

    @Option(
            names = {"-d", "--duration"},
            paramLabel = "DURATION",
            description = "Measured duration of each trial, e.g. 30s or 1m30s (ad hoc default: 10s).")
    String duration;

    @Option(
            names = {"-w", "--warmup"},
            paramLabel = "DURATION",
            description = "Warm-up of each trial: load sent on the measured run's connections before its window,"
                    + " not recorded (ad hoc default: 5s; never less than 3s, which the load generator's own JIT"
                    + " needs).")
    String warmup;

    @Option(
            names = "--warmup-limit",
            paramLabel = "DURATION",
            description = "The longest a warm-up may stretch while the server's JIT is still compiling (default: 30s;"
                    + " equal to --warmup for a fixed warm-up).")
    String warmupLimit;

    @Option(
            names = "--repetitions",
            paramLabel = "N",
            description = "Trials per model and load level, each on a fresh server (default: " + LabDefaults.REPETITIONS
                    + ").")
    Integer repetitions;

    @Option(
            names = "--delay",
            paramLabel = "DURATION",
            description = "The delay of the delay scenario and the slow request of mixed (default: 100ms); with a"
                    + " scenario file, the least each of its requests waits downstream (default: unknown, no ceiling).")
    String delay;

    @Option(
            names = "--backend-delay",
            paramLabel = "DURATION",
            description = "The backend's answer delay (default: 100ms).")
    String backendDelay;

    @Option(
            names = "--server-cmd",
            paramLabel = "[NAME=]CMD",
            description = "Benchmark your own server: the shell command that starts it, fresh and pinned for every"
                    + " trial (needs --server-url). Repeat it as NAME=CMD to run several variants as models named NAME"
                    + " (each started in turn on --server-url), ranked in one answer beside any --model.")
    List<String> serverCmds;

    @Option(
            names = "--server-url",
            paramLabel = "URL",
            description = "The base URL your server answers on, e.g. http://127.0.0.1:8080. Alone (without"
                    + " --server-cmd) it benchmarks a server that is already running: validation, load and verdicts,"
                    + " but the lab cannot pin, restart or sample it (a warning says so).")
    String serverUrl;

    @Option(
            names = "--backend-cmd",
            paramLabel = "CMD",
            description = "Start this instead of 'loadlab backend' (it must print the same JSON line).")
    String backendCmd;

    @Option(
            names = "--db-url",
            paramLabel = "URL",
            description = "Use this PostgreSQL (postgresql://user:pw@host:port/db) instead of the embedded one.")
    String dbUrl;

    @Option(
            names = "--cpus",
            paramLabel = "SERVER:LOADGEN:DEPS",
            description = "CPU lists (taskset syntax) of the server, the load generator and the dependencies,"
                    + " e.g. 1:0:0 or 2-3:0-1:0 (default: server on the upper half, the rest on the lower half).")
    String cpus;

    @Option(
            names = "--results",
            paramLabel = "DIR",
            description = "Directory of the results (default: " + LabDefaults.RESULTS_DIR + ").")
    Path results;

    @Option(names = "--jvm-flag", paramLabel = "FLAG", description = "A JVM flag of every child JVM (repeatable).")
    List<String> jvmFlags;

    @Option(
            names = "--profile",
            arity = "0..1",
            paramLabel = "cpu|itimer|ctimer|wall|alloc",
            fallbackValue = "cpu",
            description = "Profile each server's JVM during the measured window with async-profiler (default: "
                    + ProfileDefaults.DEFAULT_WORDS + "; cpu every " + ProfileDefaults.CPU_INTERVAL + " when on): a"
                    + " flame graph per trial, the top frames, GC, allocation, threads and context switches per"
                    + " request. wall samples every thread, running or waiting (every " + ProfileDefaults.WALL_INTERVAL
                    + "): where the blocking models wait. itimer and ctimer sample the CPU with async-profiler's timer"
                    + " engines instead of perf_events. alloc samples heap allocations (every "
                    + ProfileDefaults.ALLOC_INTERVAL + " allocated): whose code allocated which classes. It costs"
                    + " the servers throughput: see docs/profiling.md.")
    String profile;

    @Option(names = "--no-profile", description = "Do not profile the servers.")
    boolean noProfile;

    boolean adHoc() {
        return scenario != null || serverCmds != null || serverUrl != null || capacity != null;
    }

    /** True when a server under test is the user's own, started by --server-cmd or already running. */
    private boolean ownServer() {
        return serverCmds != null || serverUrl != null;
    }

    /**
     * The user's servers of {@code --server-cmd} and {@code --server-url}: one named {@link UserServer#DEFAULT_NAME}
     * for a plain command (or none: already running), else one per {@code NAME=CMD}.
     */
    List<UserServer> servers() {
        if (!ownServer()) {
            return List.of();
        }
        if (serverUrl == null) {
            throw new UserError("--server-cmd needs --server-url, the base URL the server answers on");
        }
        try {
            if (serverCmds == null) {
                return List.of(UserServer.single(null, serverUrl));
            }
            if (serverCmds.size() == 1 && !NAMED.matcher(serverCmds.get(0)).matches()) {
                return List.of(UserServer.single(serverCmds.get(0), serverUrl));
            }
            List<UserServer> out = new ArrayList<>();
            for (String c : serverCmds) {
                Matcher m = NAMED.matcher(c);
                if (!m.matches()) {
                    throw new UserError("--server-cmd given more than once wants NAME=CMD each, got '" + c + "'");
                }
                out.add(new UserServer(m.group(1), m.group(2), serverUrl, null, Map.of()));
            }
            return out;
        } catch (IllegalArgumentException e) {
            throw new UserError((serverCmds == null ? "--server-url: " : "--server-cmd: ") + e.getMessage());
        }
    }

    /**
     * Refuses the flags that only shape an ad-hoc experiment when a suite runs: the suite's experiments name their own
     * models and load levels, so {@code loadlab run --model netty -c 1000} would otherwise run the whole default suite
     * and ignore both.
     */
    void refuseAdHocOnly(String suite) {
        List<String> given = new ArrayList<>();
        if (models != null) {
            given.add("--model");
        }
        if (connections != null) {
            given.add("-c");
        }
        if (rates != null) {
            given.add("-R");
        }
        if (delay != null) {
            given.add("--delay");
        }
        if (!given.isEmpty()) {
            boolean one = given.size() == 1;
            throw new UserError(String.join(", ", given) + (one ? " shapes" : " shape") + " an ad-hoc experiment:"
                    + " add --scenario (plaintext, json, delay, mixed, backend, crud or a scenario file), or leave "
                    + (one ? "it" : "them") + " out to run the suite " + suite + " as written");
        }
    }

    /** The one experiment of {@code --scenario}, against the user's servers and {@code --model}. */
    SuitePlan adHocPlan() {
        List<UserServer> servers = servers();
        if (scenario == null) {
            throw new UserError(
                    (serverCmds != null ? "--server-cmd" : serverUrl != null ? "--server-url" : "--capacity")
                            + " needs --scenario (plaintext, json, delay, mixed, backend, crud or a scenario file)");
        }
        ScenarioSpec s = scenarioSpec();
        List<Integer> conns = connections == null ? List.of(LoadgenDefaults.CONNECTIONS) : connections;
        List<LoadLevel> loads = new ArrayList<>();
        if (rates != null) {
            for (String r : rates) {
                loads.add(new LoadLevel(conns.get(0), Rate.parse(r).perSecond()));
            }
        } else {
            conns.forEach(c -> loads.add(new LoadLevel(c, null)));
        }
        List<String> ms = new ArrayList<>(servers.stream().map(UserServer::name).toList());
        if (servers.isEmpty() || models != null) {
            ms.addAll(ExperimentSpec.models(models));
        }
        String name = s.file() == null ? s.kind().id() : s.file().name().replaceFirst("\\.ya?ml$", "");
        ExperimentSpec e = capacity != null
                ? capacityExperiment(name, s, ms, connections == null ? CapacityGoals.CONNECTIONS : conns.get(0))
                : new ExperimentSpec(name, s, ms, loads, ServerOptions.NONE, null, null, null, null);
        return new SuitePlan(
                "adhoc",
                "ad-hoc: " + String.join(",", ms) + " " + s.label(),
                new Timing(
                        warmup != null ? Duration.parse(warmup) : LabDefaults.SUITE_WARMUP,
                        warmupLimit != null ? Duration.parse(warmupLimit) : LabDefaults.WARMUP_LIMIT,
                        duration != null ? Duration.parse(duration) : LoadgenDefaults.DURATION,
                        repetitions != null ? repetitions : LabDefaults.REPETITIONS),
                BackendDefaults.BACKEND_DELAY,
                Thresholds.DEFAULTS,
                List.of(e),
                1,
                servers,
                null);
    }

    /** {@code --capacity SLO}: each model's capacity search, from the one {@code -R} rate if given. */
    private ExperimentSpec capacityExperiment(String name, ScenarioSpec s, List<String> models, int connections) {
        if (rates != null && rates.size() > 1) {
            throw new UserError("--capacity starts from one rate (-R), got " + rates.size());
        }
        String start = rates == null ? null : rates.get(0);
        return ExperimentSpec.capacity(
                name,
                s,
                models,
                connections,
                ServerOptions.NONE,
                CapacityGoals.parse(capacity, null, start, null, null, null, connections));
    }

    /** {@code --scenario}: a scenario of the contract by its name, or a scenario file that exists. */
    private ScenarioSpec scenarioSpec() {
        Duration d = delay == null ? null : Duration.parse(delay);
        if (Files.isRegularFile(Path.of(scenario))) {
            FileScenario file = new FileScenario(Path.of(scenario), d);
            file.parse(); // its mistakes stop the run before anything starts
            return ScenarioSpec.of(file);
        }
        if (scenario.endsWith(".yaml") || scenario.endsWith(".yml")) {
            throw new UserError("--scenario: scenario file " + scenario + " not found");
        }
        ScenarioSpec s = ScenarioSpec.of(ScenarioKind.parse(scenario));
        return d == null ? s : s.withDelay(d);
    }

    /** Refuses counts below one (connections, repetitions) before anything starts. */
    void checkCounts() {
        if (connections != null) {
            connections.forEach(c -> LoadOptions.atLeastOne("-c/--connections", c));
        }
        if (repetitions != null) {
            LoadOptions.atLeastOne("--repetitions", repetitions);
        }
    }

    /** Applies the overrides of what to run that make sense for a suite file too. */
    SuitePlan apply(SuitePlan s) {
        if (!adHoc() && (duration != null || warmup != null || warmupLimit != null || repetitions != null)) {
            s = s.withTiming(new Timing(
                    warmup != null ? Duration.parse(warmup) : s.timing().warmup(),
                    warmupLimit != null
                            ? Duration.parse(warmupLimit)
                            : s.timing().warmupLimit(),
                    duration != null ? Duration.parse(duration) : s.timing().duration(),
                    repetitions != null ? repetitions : s.timing().repetitions()));
        }
        if (backendDelay != null) {
            s = s.withBackendDelay(Duration.parse(backendDelay));
        }
        return s;
    }

    /** Where and how to run: the flags, else the suite's CPU split ({@code suiteCpus}, may be null), else defaults. */
    LabSetup setup(CpuSplit suiteCpus) {
        LabSetup s = LabSetup.defaults().withCpus(suiteCpus);
        if (cpus != null) {
            s = s.withCpus(CpuFlag.parse(cpus));
        }
        if (results != null) {
            s = s.withResultsRoot(results);
        }
        if (dbUrl != null) {
            Database.fromUrl(dbUrl); // a malformed URL is refused here, before the run's directory is made
            s = s.withDbUrl(dbUrl);
        }
        if (backendCmd != null) {
            s = s.withBackendCommand(backendCmd);
        }
        if (jvmFlags != null) {
            s = s.withJvmFlags(jvmFlags);
        }
        if (noProfile && profile != null) {
            throw new UserError("--profile and --no-profile contradict each other: give one");
        }
        if (noProfile) {
            s = s.withProfile(ProfileMode.OFF);
        } else if (profile != null) {
            try {
                s = s.withProfile(ProfileMode.of(profile));
            } catch (IllegalArgumentException e) {
                throw new UserError("--profile: " + e.getMessage());
            }
        }
        return s;
    }
}
