package io.loadlab.cli;

import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.agents.LocalAgents;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.loadgen.LoadGenerator;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.LoadSummary;
import io.loadlab.loadgen.RequestSpec;
import io.loadlab.loadgen.agents.AgentMerge;
import io.loadlab.loadgen.agents.AgentRun;
import io.loadlab.report.gate.Threshold;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code loadlab load --agents N}: the same run split over N agent processes on this host ({@link LocalAgents}), then
 * merged ({@link AgentMerge}) into the one report and summary {@code loadlab load} would have written, with each
 * agent's part beside it.
 */
final class LoadAgents {
    /** Options of the whole run that the agents do not get: the merge writes the report and the log. */
    private static final Set<String> RUN_ONLY =
            Set.of("--agents", "--json", "--hlog", "--latency", "--csv", "--threshold", "--junit");

    private LoadAgents() {}

    static int run(LoadCommand load, CommandSpec spec) throws IOException, InterruptedException {
        int n = load.agents;
        if (n < 1) {
            throw new UserError("--agents must be at least 1, got " + n);
        }
        if (load.connections < n) {
            throw new UserError("-c " + load.connections + " is fewer than --agents " + n
                    + ": every agent needs at least one connection");
        }
        LoadSpec whole = load.buildSpec(); // every option checked once, before any process starts
        List<Threshold> thresholds = load.gate.parsed();
        LoadGate.requireKnownClasses(
                thresholds, whole.requests().stream().map(RequestSpec::name).toList());
        boolean machineOnStdout = load.machineOutputOnStdout();
        // with an export on stdout, everything for people goes to stderr
        PrintWriter out = machineOnStdout
                ? spec.commandLine().getErr()
                : spec.commandLine().getOut();
        List<String> args = LoadArgs.without(spec.commandLine().getParseResult(), RUN_ONLY);
        Path dir = load.json != null && !Output.isStdout(load.json)
                ? load.json.toAbsolutePath().resolveSibling(load.json.getFileName() + ".agents")
                : Files.createTempDirectory("loadlab-agents-");
        deleteTree(dir); // a previous run's agents must not be merged with this one's
        Files.createDirectories(dir);
        out.print(LoadSummary.header(whole, LoadGenerator.transport()));
        out.println("  split over " + n + " agent processes (" + (whole.threads()) + " thread"
                + (whole.threads() == 1 ? "" : "s") + " each); their outputs in " + dir);
        out.flush();
        ProcessRegistry registry = new ProcessRegistry(Defaults.GRACEFUL_STOP.toJava());
        Thread hook = new Thread(registry::stopAll, "loadlab-agents-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        List<AgentRun> runs;
        try {
            ChildLauncher launcher = new ChildLauncher(
                    registry, Defaults.jvmFlags(), false, System.getProperty("java.class.path"), Map.of());
            Duration window = whole.warmup().plus(whole.duration()).plus(whole.timeout());
            runs = LocalAgents.run(
                    new LocalAgents.Plan(n, Main.class.getName(), args, null, dir, window), launcher, line -> {
                        out.println("  " + line);
                        out.flush();
                    });
        } finally {
            registry.stopAll();
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        AgentMerge.Merged merged = AgentMerge.merge(runs, load.hlog);
        if (load.json == null || Output.isStdout(load.json)) {
            deleteTree(dir);
        }
        return load.finish(merged.report(), AgentsSummary.format(merged, load.latency), thresholds, machineOnStdout);
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
