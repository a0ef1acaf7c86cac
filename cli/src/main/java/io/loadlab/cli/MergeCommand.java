package io.loadlab.cli;

import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.loadgen.agents.AgentDefaults;
import io.loadlab.loadgen.agents.AgentMerge;
import io.loadlab.loadgen.agents.AgentRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "merge",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Merge load agents' outputs into one report, exactly: latency is the sum of the agents' HdrHistograms (never"
                    + " an average of percentiles), counts are sums, the timeline adds up the agents' same seconds,"
                    + " and each agent's part and warnings (saturated, drifted window) are kept (docs/distributed.md)."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:merged: requests succeeded and errors stayed within --max-error-rate",
            "1:merged, but no request succeeded or errors exceeded --max-error-rate",
            "2:a usage error or an output that is missing or not an agent's",
            "3:an internal error"
        })
final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(
            paramLabel = "DIR",
            arity = "1..*",
            description = "An agent's output directory (" + AgentDefaults.AGENT_FILE + ", " + AgentDefaults.HLOG_FILE
                    + "), or a directory holding several (agent-*/).")
    List<Path> dirs;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the merged report as JSON (docs/load-json.md).")
    Path json;

    @Option(
            names = "--hlog",
            paramLabel = "FILE",
            description = "Write the merged HdrHistogram interval log (the total, one interval per second).")
    Path hlog;

    @Mixin
    SummaryOptions summary;

    @Override
    public Integer call() throws IOException {
        List<AgentRun> runs = new ArrayList<>();
        for (Path d : agentDirs(dirs)) {
            runs.add(AgentRun.read(d));
        }
        AgentMerge.Merged merged = AgentMerge.merge(runs, hlog);
        PrintWriter out = spec.commandLine().getOut();
        out.print(AgentsSummary.format(merged, summary.latency));
        out.flush();
        if (json != null) {
            Json.writeAtomically(json, merged.report());
        }
        String failure = LoadExit.failure(merged.report(), summary.maxErrorRate());
        if (failure != null) {
            spec.commandLine().getErr().println("loadlab merge: " + failure);
            spec.commandLine().getErr().flush();
            return Main.EXIT_FAILED;
        }
        return Main.EXIT_OK;
    }

    /** Each directory itself when it is an agent's output, else the agents' outputs inside it. */
    static List<Path> agentDirs(List<Path> given) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path d : given) {
            if (!Files.isDirectory(d)) {
                throw new UserError(d + " is not a directory; give agents' output directories");
            }
            if (Files.exists(d.resolve(AgentDefaults.AGENT_FILE))) {
                out.add(d);
                continue;
            }
            try (Stream<Path> s = Files.list(d)) {
                List<Path> inside = s.filter(p -> Files.exists(p.resolve(AgentDefaults.AGENT_FILE)))
                        .sorted()
                        .toList();
                if (inside.isEmpty()) {
                    throw new UserError(d + " holds no agent output (" + AgentDefaults.AGENT_FILE
                            + "); give the directories that loadlab agent --out wrote");
                }
                out.addAll(inside);
            }
        }
        return out;
    }
}
