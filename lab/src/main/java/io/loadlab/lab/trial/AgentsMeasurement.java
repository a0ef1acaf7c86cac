package io.loadlab.lab.trial;

import io.loadlab.core.Defaults;
import io.loadlab.core.Json;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ServerProfile;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.LabDefaults;
import io.loadlab.lab.LabListener.Phase;
import io.loadlab.lab.child.ChildCommand;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.child.LoadJob;
import io.loadlab.lab.deps.DependencyProbe;
import io.loadlab.lab.sample.Sampler;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.spec.TrialPlan;
import io.loadlab.loadgen.agents.AgentClock;
import io.loadlab.loadgen.agents.AgentDefaults;
import io.loadlab.loadgen.agents.AgentMerge;
import io.loadlab.loadgen.agents.AgentRun;
import io.loadlab.loadgen.agents.AgentShare;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The warm-up and the measured window of a trial whose load is split over load agents ({@code loadgen: {agents: N}}):
 * N load generator children, each with its share of the connections or the rate and, when the load generator's CPUs
 * are enough, CPUs of its own; once every one is connected ({@link ChildEvent.Armed}) each is told one start instant
 * ({@link ChildCommand.StartAt}), warms up for the suite's fixed warm-up and opens its window there. Their outputs
 * are merged exactly into the trial's {@code load.json} and histogram log; the sampler watches every agent
 * ({@code loadgen-I}). The warm-up does not wait for the server's JIT to go quiet, as one load generator's does: the
 * agents' start is one instant agreed ahead.
 */
final class AgentsMeasurement {
    private final SuiteContext ctx;

    AgentsMeasurement(SuiteContext ctx) {
        this.ctx = ctx;
    }

    MeasurementPhase.Measured run(TrialPlan plan, StartedServer server, TrialDir dir)
            throws IOException, InterruptedException {
        int n = ctx.plan().agents();
        ScenarioSpec s = plan.experiment().scenario();
        ctx.dependencies().prepare(s);
        Duration warmup = ctx.plan().timing().leastWarmup();
        Duration duration = ctx.plan().timing().duration();
        LoadLevel level = plan.level();
        String[] cpus = cpusPerAgent(ctx.cpus().loadgen(), n);
        ctx.listener().phase(plan, Phase.WARMUP);
        List<ChildProcess> agents = new ArrayList<>();
        List<String> failure = new ArrayList<>(1);
        try {
            for (int i = 0; i < n; i++) {
                LoadJob job = LoadJobs.of(server.url(), s, level, warmup, warmup, duration, dir)
                        .forAgent(new AgentShare(n, i), dir.dir().resolve("agent-" + i));
                agents.add(ctx.launcher().start("loadgen-" + i, job, cpus[i], dir.dir()));
            }
            for (ChildProcess a : agents) {
                if (a.await(
                                ChildEvent.Armed.class,
                                LabDefaults.STARTUP_TIMEOUT.plus(Defaults.TIMEOUT),
                                e -> MeasurementPhase.failed(e, failure))
                        == null) {
                    return failedRun(a, server, failure);
                }
            }
            Json.write(new ChildCommand.StartAt(0)); // the first write of a type is slow: not inside the lead
            long startAt = AgentClock.epochMicros() + AgentDefaults.LOCAL_START_LEAD.nanos() / 1_000;
            for (ChildProcess a : agents) {
                a.send(new ChildCommand.StartAt(startAt));
            }
            Duration toWindow = AgentDefaults.LOCAL_START_LEAD.plus(warmup).plus(LabDefaults.STARTUP_TIMEOUT);
            for (ChildProcess a : agents) {
                if (a.await(ChildEvent.Measuring.class, toWindow, e -> MeasurementPhase.failed(e, failure)) == null) {
                    return failedRun(a, server, failure);
                }
            }
            DependencyProbe probe = ctx.dependencies().probe(s);
            Sampler sampler = new Sampler(watched(server, agents, cpus), Defaults.INTERVAL.toMillis());
            sampler.start();
            server.profiler().windowOpened();
            ctx.listener().phase(plan, Phase.MEASURING);
            ChildProcess late = null;
            try {
                for (ChildProcess a : agents) {
                    ChildEvent.Result r = a.await(
                            ChildEvent.Result.class,
                            duration.plus(Duration.ofSeconds(60)),
                            e -> MeasurementPhase.failed(e, failure));
                    if (r == null && late == null) {
                        late = a;
                    }
                }
            } finally {
                sampler.stop();
                probe.windowClosed();
            }
            ctx.listener().phase(plan, Phase.JUDGING);
            ServerProfile profile = server.profiler().windowClosed(plan.id());
            DependencyWork work = probe.finish();
            Resources resources = new Resources(sampler.series(), sampler.machine());
            if (late != null) {
                MeasurementPhase.Measured f = failedRun(late, server, failure);
                return new MeasurementPhase.Measured(null, f.failure(), resources, work, f.serverExit(), null, profile);
            }
            for (ChildProcess a : agents) {
                a.process().waitFor();
            }
            List<AgentRun> runs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                runs.add(AgentRun.read(dir.dir().resolve("agent-" + i)));
            }
            AgentMerge.Merged merged = AgentMerge.merge(runs, dir.hlog());
            Json.writeAtomically(dir.loadJson(), merged.report());
            return new MeasurementPhase.Measured(
                    merged.report(), null, resources, work, server.exitStatus(), null, profile);
        } finally {
            for (ChildProcess a : agents) {
                ctx.launcher().stop(a);
            }
        }
    }

    /**
     * The load generator's CPUs dealt out to the agents, each its own when there are enough ({@code 2-5} over 2
     * agents: {@code 2,3} and {@code 4,5}), else all of them to every agent; null entries when unpinned.
     */
    static String[] cpusPerAgent(String loadgen, int n) {
        int[] ids = CpuSplit.ids(loadgen);
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            if (ids.length >= n) {
                int from = ids.length * i / n;
                int to = ids.length * (i + 1) / n;
                out[i] =
                        Arrays.stream(ids, from, to).mapToObj(Integer::toString).collect(Collectors.joining(","));
            } else {
                out[i] = loadgen;
            }
        }
        return out;
    }

    private List<Sampler.Watched> watched(StartedServer server, List<ChildProcess> agents, String[] cpus) {
        List<Sampler.Watched> w = new ArrayList<>();
        if (server.started()) {
            w.add(new Sampler.Watched(
                    "server", server.process().pid(), ctx.cpus().server()));
        }
        for (int i = 0; i < agents.size(); i++) {
            w.add(new Sampler.Watched(agents.get(i).role(), agents.get(i).pid(), cpus[i]));
        }
        w.addAll(ctx.dependencies().watched());
        return w;
    }

    private static MeasurementPhase.Measured failedRun(ChildProcess a, StartedServer server, List<String> failure) {
        String why = !failure.isEmpty()
                ? "load " + a.role() + " failed: " + failure.get(0)
                : a.alive()
                        ? "load " + a.role() + " did not go on in time: " + a.logTail()
                        : "load " + a.role() + " exited with status "
                                + a.process().exitValue() + ": " + a.logTail();
        return new MeasurementPhase.Measured(
                null, why, Resources.NONE, DependencyWork.NONE, server.exitStatus(), null, null);
    }
}
