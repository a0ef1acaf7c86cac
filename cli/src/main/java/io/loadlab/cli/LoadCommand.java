package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.core.host.ConnectionCeiling;
import io.loadlab.core.host.HostFacts;
import io.loadlab.k8s.AgentSizing;
import io.loadlab.loadgen.LoadResult;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.LoadSummary;
import io.loadlab.loadgen.RequestSpec;
import io.loadlab.loadgen.WarmupGate;
import io.loadlab.loadgen.agents.AgentMerge;
import io.loadlab.report.gate.Threshold;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        defaultValueProvider = LoadDefaults.class,
        sortOptions = false,
        description = {
            "Generate load against a URL, wrk-style: closed model (-c connections, each sends its next request when"
                    + " the previous response ends) or open model (-R requests/s at intended times, latency charged"
                    + " from the intended send time, as wrk2). Requests still unanswered when the window closes"
                    + " are counted as unfinished and enter the latency at their age."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the run completed: requests succeeded, errors stayed within --max-error-rate and every --threshold"
                    + " held",
            "1:no request succeeded, or errors exceeded --max-error-rate (the summary says which); it takes"
                    + " precedence over 99, as a run that failed outright measured no SLO",
            "2:a usage error or an unreachable target (one line on stderr, nothing sent)",
            "3:an internal error",
            "99:a --threshold failed (as in k6); each is printed with the value measured"
        })
final class LoadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    LoadOptions load;

    @Mixin
    ExportOptions exports;

    @Option(
            names = "--agents",
            paramLabel = "N",
            defaultValue = "1",
            description = "Split the load over N agent processes on this host (-c, -R and --max-connections divided,"
                    + " the remainder to the first; -t is per agent), opened at one shared instant and merged"
                    + " exactly; with --json F their outputs stay in F.agents/ (docs/distributed.md)."
                    + " (default: ${DEFAULT-VALUE})")
    int agents;

    @Override
    public Integer call() throws IOException, InterruptedException {
        LoadOptions.atLeastOne("--agents", agents);
        LoadSpec whole = load.spec().withHlog(exports.hlog);
        List<Threshold> thresholds = exports.gate.parsed();
        LoadGate.requireKnownClasses(
                thresholds, whole.requests().stream().map(RequestSpec::name).toList());
        LoadConsole console = new LoadConsole(spec, exports.machineOutputOnStdout());
        exports.checkWritable();
        fitsTheOpenFileLimit(whole.connections(), agents, ConnectionCeiling.of(HostFacts.read()));
        LoadExit exit = new LoadExit(console, exports, thresholds, load.url, load.summary.maxErrorRate());
        if (agents != 1) {
            AgentMerge.Merged merged = LoadAgents.run(whole, agents, spec, console, exports);
            return exit.finish(merged.report(), AgentsSummary.format(merged, load.summary.latency));
        }
        LoadResult result = LoadEngine.run(whole, console.listener(whole), WarmupGate.NONE);
        console.endLive();
        return exit.finish(result.report(), LoadSummary.format(result, load.summary.latency));
    }

    /**
     * Refuses, before any connect, more connections per process than its open-file limit lets it hold: past it even
     * the JVM's own files fail to open (a time zone, a class) and the run dies with a trace instead of a number.
     */
    static void fitsTheOpenFileLimit(int connections, int agents, ConnectionCeiling host) {
        long perProcess = host.perProcess();
        long mostPerAgent = (connections + (long) agents - 1) / agents;
        if (perProcess <= 0 || mostPerAgent <= perProcess) {
            return;
        }
        throw new UserError("-c " + connections + " puts " + mostPerAgent + " connections in "
                + (agents == 1 ? "one process" : "each of " + agents + " agents") + ", and this host lets a process"
                + " hold " + perProcess + " (its open-file limit less " + ConnectionCeiling.FD_RESERVE + " for the"
                + " JVM): split the load with --agents " + AgentSizing.minimumAgents(connections, perProcess)
                + ", or raise the limit (loadlab doctor)");
    }
}
