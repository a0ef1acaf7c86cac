package io.loadlab.cli;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.loadlab.core.UserError;
import io.loadlab.core.host.ConnectionCeiling;
import io.loadlab.core.host.HostFacts;
import io.loadlab.core.unit.Duration;
import io.loadlab.k8s.AgentJobSpec;
import io.loadlab.k8s.AgentJobs;
import io.loadlab.k8s.AgentSizing;
import io.loadlab.k8s.ClusterRun;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.agents.AgentMerge;
import io.loadlab.loadgen.agents.AgentShare;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

@Command(
        name = "k8s",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        defaultValueProvider = LoadDefaults.class,
        customSynopsis = "loadlab k8s --agents N [--apply] [OPTIONS] LOAD-OPTIONS... URL",
        description = {
            "Run loadlab load's options over N load agents on Kubernetes: renders an Indexed Job (parallelism ="
                    + " completions = N) whose pods run loadlab agent with their index and one shared start instant,"
                    + " sized from loadlab doctor's per-agent connection limit. Prints its YAML; with --apply submits"
                    + " it, waits, reads each agent's output from its pod's log and merges them exactly into"
                    + " --results (docs/distributed.md). Its load options are loadlab load's."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:rendered, or run and merged: requests succeeded and errors stayed within --max-error-rate",
            "1:run and merged, but no request succeeded or errors exceeded --max-error-rate",
            "2:a usage error, a cluster that refused the Job, or agents that did not complete",
            "3:an internal error"
        })
final class K8sCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--agents", paramLabel = "N", required = true, description = "Agent pods: the Job's parallelism.")
    int agents;

    @Option(names = "--apply", description = "Submit the Job, wait for the agents, collect and merge their results.")
    boolean apply;

    @Option(
            names = {"-n", "--namespace"},
            description = "Namespace of the Job. (default: ${DEFAULT-VALUE})",
            defaultValue = "default")
    String namespace;

    @Option(
            names = "--image",
            description = "The loadlab image the pods run (built with Jib: docs/distributed.md). (default: loadlab:"
                    + "VERSION, this build's)")
    String image;

    @Option(names = "--name", description = "The Job's name. (default: loadlab-agents-TIME)")
    String name;

    @Option(
            names = "--start-in",
            paramLabel = "DURATION",
            description = "The shared start instant, this long after the Job is rendered: time for the pods to be"
                    + " scheduled, pull the image and connect. (default: ${DEFAULT-VALUE})",
            defaultValue = "2m")
    String startIn;

    @Option(
            names = "--cpu",
            description = "Each pod's CPU request and limit; also its load threads unless -t is given."
                    + " (default: ${DEFAULT-VALUE})",
            defaultValue = "2")
    String cpu;

    @Option(
            names = "--memory",
            description = "Each pod's memory request and limit. (default: " + AgentSizing.BASE_MIB + "Mi + "
                    + AgentSizing.BYTES_PER_CONNECTION / 1024 + " KiB per connection of the agent)")
    String memory;

    @Option(
            names = "--results",
            paramLabel = "DIR",
            description = "With --apply: where the agents' outputs and the merged report go. (default:"
                    + " results/k8s-TIME)")
    Path results;

    @Mixin
    LoadOptions load;

    @Option(
            names = {"--json", "--hlog"},
            hidden = true,
            description = "Refused: the merge writes them (--results).")
    Path mergeOutput;

    /** The options that are this command's own, not the agents'. */
    private static final Set<String> OWN = Set.of(
            "--agents", "--apply", "--namespace", "--image", "--name", "--start-in", "--cpu", "--memory", "--results");

    @Override
    public Integer call() throws IOException, InterruptedException {
        LoadOptions.atLeastOne("--agents", agents);
        if (load.readsFiles()) {
            throw new UserError("--scenario and --body @FILE read files the agent pods do not have; give the body"
                    + " inline (a scenario on a cluster is not supported yet)");
        }
        if (mergeOutput != null) {
            throw new UserError("--json and --hlog belong to the merge: give --results DIR (load.json, load.hlog)");
        }
        ParseResult parsed = spec.commandLine().getParseResult();
        List<String> args = LoadArgs.without(parsed, OWN);
        int podCpus = threadsOf(cpu);
        if (!parsed.hasMatchedOption("--threads")) {
            args.add(0, "--threads=" + podCpus); // a pod reads its own CPUs otherwise, rounded its own way
        }
        LoadSpec whole = load.spec(podCpus); // every load option checked here, not in N pods
        List<LoadSpec> parts = AgentShare.split(whole, agents);
        PrintWriter err = spec.commandLine().getErr();
        long ceiling = AgentSizing.perAgentCeiling(ConnectionCeiling.of(HostFacts.read()));
        String tooFew = AgentSizing.tooFew(whole.connections(), agents, ceiling);
        if (tooFew != null) {
            err.println("loadlab k8s: warning: " + tooFew);
            err.flush();
        }
        String when = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Duration delay = Duration.parse(startIn);
        long startAt = System.currentTimeMillis() + delay.toMillis();
        Duration limit = delay.plus(whole.warmup())
                .plus(whole.duration())
                .plus(whole.timeout())
                .plus(Duration.ofSeconds(300));
        AgentJobSpec job = new AgentJobSpec(
                name != null ? name : "loadlab-agents-" + when,
                namespace,
                image != null ? image : defaultImage(),
                agents,
                args,
                startAt,
                cpu,
                memory != null ? memory : AgentSizing.memory(parts.get(0).connections()),
                limit.toMillis() / 1000);
        Job rendered = AgentJobs.job(job);
        if (!apply) {
            spec.commandLine().getOut().print(AgentJobs.yaml(rendered));
            spec.commandLine().getOut().flush();
            err.println("loadlab k8s: the agents start at " + Instant.ofEpochMilli(startAt) + " (" + delay
                    + " from now): apply before then, or render again");
            err.flush();
            return Main.EXIT_OK;
        }
        Path dir = results != null ? results : Path.of("results", "k8s-" + when);
        PrintWriter out = spec.commandLine().getOut();
        try (KubernetesClient client = new KubernetesClientBuilder().build()) {
            AgentMerge.Merged m = new ClusterRun(client, line -> {
                        out.println("  " + line);
                        out.flush();
                    })
                    .run(rendered, limit, dir);
            out.print(AgentsSummary.format(m, load.summary.latency));
            out.println("  results in " + dir);
            out.flush();
            String failure = LoadExit.failure(m.report(), load.summary.maxErrorRate());
            if (failure != null) {
                err.println("loadlab k8s: " + failure);
                err.flush();
                return Main.EXIT_FAILED;
            }
            return Main.EXIT_OK;
        }
    }

    /** Load threads for a CPU quantity: whole cores, at least one ({@code 500m} is one thread). */
    static int threadsOf(String cpu) {
        try {
            double cores = cpu.endsWith("m")
                    ? Double.parseDouble(cpu.substring(0, cpu.length() - 1)) / 1000
                    : Double.parseDouble(cpu);
            return (int) Math.max(1, Math.floor(cores));
        } catch (NumberFormatException e) {
            throw new UserError("--cpu '" + cpu + "': expected cores such as 2 or 500m");
        }
    }

    static String defaultImage() {
        String v = Main.class.getPackage().getImplementationVersion();
        return "loadlab:" + (v == null ? "latest" : v);
    }
}
