package io.loadlab.lab.spec;

import io.loadlab.core.UserError;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.unit.Duration;
import io.loadlab.loadgen.agents.AgentShare;
import io.loadlab.transport.NettyTransport;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a suite runs: its experiments (a scenario against models at load levels), how long each trial loads, the
 * backend's delay and the verdicts' tolerances. Where and how it runs (CPUs, results directory, database, flags) is
 * the {@link LabSetup}. Read from a suite file by {@link SuiteFiles} or built from flags by the command line.
 *
 * @param agents load agents per trial ({@code loadgen: {agents: N}}): the trial's load split over N load generator
 *     processes that open their windows at one instant and are merged exactly (docs/distributed.md); 1 = one load
 *     generator
 * @param servers the user's own servers that experiments list as models by name ({@code servers:}, or the
 *     {@code --server-cmd} flags); empty when only catalog models run
 * @param loadgenTransport the load generators' Netty transport ({@code loadgen: {transport: io_uring}}); null: theirs
 *     ({@link io.loadlab.loadgen.LoadgenDefaults#TRANSPORT})
 */
public record SuitePlan(
        String name,
        String description,
        Timing timing,
        Duration backendDelay,
        Thresholds thresholds,
        List<ExperimentSpec> experiments,
        int agents,
        List<UserServer> servers,
        NettyTransport loadgenTransport) {

    public SuitePlan {
        if (agents < 1) {
            throw new IllegalArgumentException("loadgen: agents must be at least 1, got " + agents);
        }
        if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("a suite name may hold letters, digits, '.', '_' and '-': " + name);
        }
        experiments = List.copyOf(experiments);
        if (experiments.isEmpty()) {
            throw new IllegalArgumentException("suite '" + name + "' has no experiments");
        }
        servers = servers == null ? List.of() : List.copyOf(servers);
        Set<String> names = new HashSet<>();
        for (UserServer s : servers) {
            if (!names.add(s.name())) {
                throw new IllegalArgumentException("two servers are named '" + s.name() + "'; names must differ");
            }
        }
        for (ExperimentSpec e : experiments) {
            for (LoadLevel l : e.loads()) {
                try {
                    new AgentShare(agents, 0).of(l.connections(), l.connections(), l.rateRps());
                } catch (UserError tooFew) {
                    throw new IllegalArgumentException("experiment " + e.name() + ": " + tooFew.getMessage());
                }
            }
        }
    }

    /** The user's server of this model name, or null for a catalog model. */
    public UserServer server(String model) {
        return servers.stream().filter(s -> s.name().equals(model)).findFirst().orElse(null);
    }

    public int trialCount() {
        return experiments.stream()
                .mapToInt(e -> e.trials(timing.repetitions()))
                .sum();
    }

    public boolean needsBackend() {
        return experiments.stream().anyMatch(e -> e.scenario().kind().needsBackend());
    }

    public boolean needsDatabase() {
        return experiments.stream().anyMatch(e -> e.scenario().kind().needsDatabase());
    }

    /** True when a crud experiment asks for TLS between the servers and PostgreSQL ({@code tls: true}). */
    public boolean needsDatabaseTls() {
        return experiments.stream().anyMatch(e -> e.scenario().databaseTls());
    }

    /**
     * True when an experiment asks for HTTPS between the load generator and a catalog model ({@code https: true}),
     * which serves it with a certificate the lab makes; a user's server brings its own.
     */
    public boolean needsHttps() {
        return experiments.stream()
                .anyMatch(e -> e.scenario().https() && e.models().stream().anyMatch(m -> server(m) == null));
    }

    public SuitePlan withTiming(Timing t) {
        return new SuitePlan(
                name, description, t, backendDelay, thresholds, experiments, agents, servers, loadgenTransport);
    }

    public SuitePlan withBackendDelay(Duration d) {
        return new SuitePlan(name, description, timing, d, thresholds, experiments, agents, servers, loadgenTransport);
    }
}
