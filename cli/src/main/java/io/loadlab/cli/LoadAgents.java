package io.loadlab.cli;

import io.loadlab.core.Defaults;
import io.loadlab.core.FileTrees;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.agents.LocalAgents;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.proc.Lifeline;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.LoadSummary;
import io.loadlab.loadgen.agents.AgentMerge;
import io.loadlab.loadgen.agents.AgentRun;
import io.loadlab.loadgen.agents.AgentShare;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code loadlab load --agents N}: the same run split over N agent processes on this host ({@link LocalAgents}), then
 * merged ({@link AgentMerge}) into the one report and summary {@code loadlab load} would have written, with each
 * agent's part beside it.
 */
final class LoadAgents {
    /** The marker every agent process carries: their output directory, by which the lifeline finds them. */
    private static final String AGENTS_ENV = "LOADLAB_AGENTS";

    /** Options of the whole run that the agents do not get: the merge writes the report and the log. */
    private static final Set<String> RUN_ONLY =
            Set.of("--agents", "--json", "--hlog", "--latency", "--csv", "--threshold", "--junit");

    private LoadAgents() {}

    /** Runs {@code whole} over {@code n} agents and merges their outputs; {@code spec} is the command's, as parsed. */
    static AgentMerge.Merged run(LoadSpec whole, int n, CommandSpec spec, LoadConsole console, ExportOptions exports)
            throws IOException, InterruptedException {
        AgentShare.split(whole, n); // every agent's share checked once, before any process starts
        PrintWriter out = console.out();
        List<String> args = LoadArgs.without(spec.commandLine().getParseResult(), RUN_ONLY);
        Path json = exports.json;
        Path dir = json != null && !Output.isStdout(json)
                ? json.toAbsolutePath().resolveSibling(json.getFileName() + ".agents")
                : Files.createTempDirectory("loadlab-agents-");
        FileTrees.delete(dir); // a previous run's agents must not be merged with this one's
        Files.createDirectories(dir);
        out.print(LoadSummary.header(whole, whole.transport().resolve()));
        out.println("  split over " + n + " agent processes (" + (whole.threads()) + " thread"
                + (whole.threads() == 1 ? "" : "s") + " each); their outputs in " + dir);
        out.flush();
        ProcessRegistry registry = new ProcessRegistry(Defaults.GRACEFUL_STOP.toJava());
        Thread hook = new Thread(registry::stopAll, "loadlab-agents-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        // should this JVM be killed outright, its agents do not load the target for the rest of their window
        Lifeline lifeline = Lifeline.start(AGENTS_ENV, dir.toString());
        List<AgentRun> runs;
        try {
            ChildLauncher launcher = new ChildLauncher(
                    registry,
                    Defaults.jvmFlags(),
                    false,
                    System.getProperty("java.class.path"),
                    Map.of(AGENTS_ENV, dir.toString()));
            Duration window = whole.warmup().plus(whole.duration()).plus(whole.timeout());
            runs = LocalAgents.run(
                    new LocalAgents.Plan(n, Main.class.getName(), args, null, dir, window), launcher, line -> {
                        out.println("  " + line);
                        out.flush();
                    });
        } finally {
            registry.stopAll();
            lifeline.close();
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        AgentMerge.Merged merged = AgentMerge.merge(runs, exports.hlog);
        if (json == null || Output.isStdout(json)) {
            FileTrees.delete(dir);
        }
        return merged;
    }
}
