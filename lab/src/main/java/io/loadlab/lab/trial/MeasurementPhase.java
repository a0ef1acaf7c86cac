package io.loadlab.lab.trial;

import io.loadlab.core.Defaults;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.ServerProfile;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.LabDefaults;
import io.loadlab.lab.LabListener.Phase;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.child.LoadJob;
import io.loadlab.lab.deps.DependencyProbe;
import io.loadlab.lab.deps.DependencyWatch;
import io.loadlab.lab.deps.FaultInjector;
import io.loadlab.lab.sample.Sampler;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.spec.Timing;
import io.loadlab.lab.spec.TrialPlan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The warm-up and the measured window of a trial, in its load generator children on the load generator's CPUs: one,
 * or N load agents ({@link AgentChildren}). The warm-up settles the server's and the lab's own JVMs' JITs on the very
 * connections the window then measures. When the children say they measure, the lab starts sampling {@code /proc} and
 * watching the dependencies, so that both cover the window exactly; when they report their results, they stop. One
 * child or N, the window, its time limit and the failure's reason are the same.
 */
final class MeasurementPhase {
    /**
     * What the window produced; {@code report} is null, and {@code failure} says why, when the run failed. {@code jit}
     * is the server's JIT when the window opened (null with load agents, whose start is agreed ahead); {@code profile}
     * its profile over the window (null when off).
     */
    record Measured(
            LoadReport report,
            String failure,
            Resources resources,
            DependencyWork work,
            Integer serverExit,
            ServerFacts.Jit jit,
            ServerProfile profile) {}

    /** How long after the window should have closed its results may take to arrive. */
    private static final Duration RESULT_GRACE = Duration.ofSeconds(60);

    private final SuiteContext ctx;

    MeasurementPhase(SuiteContext ctx) {
        this.ctx = ctx;
    }

    Measured run(TrialPlan plan, StartedServer server, TrialDir dir) throws IOException, InterruptedException {
        ScenarioSpec s = plan.experiment().scenario();
        ctx.dependencies().prepare(s);
        Timing timing = ctx.plan().timing();
        Duration warmup = timing.leastWarmup();
        int agents = ctx.plan().agents();
        // load agents start at one instant agreed ahead, so their warm-up cannot stretch while the server's JIT works
        Duration limit = agents == 1 ? timing.mostWarmup() : warmup;
        Duration window = s.overload().window(timing.duration());
        LoadJob job = LoadJobs.of(
                server.url(), s, plan.level(), warmup, limit, window, ctx.plan().loadgenTransport(), dir);
        ctx.listener().phase(plan, Phase.WARMUP);
        try (LoadChildren gens = LoadChildren.start(
                        ctx.launcher(), job, agents, ctx.cpus().loadgen(), dir);
                DependencyWatch watch = DependencyWatch.start(watched(s, gens))) {
            Runnable rehearsal = ctx.dependencies().warmupChores(s, Duration.ofNanos(warmup.nanos() / 2));
            JitWarmup jit =
                    gens.one() ? new JitWarmup(gens, server, labParts(gens), rehearsal, warmup, limit, window) : null;
            ChildProcess late = jit != null
                    ? jit.open(limit.plus(LabDefaults.STARTUP_TIMEOUT))
                    : AgentChildren.open(gens, warmup, rehearsal);
            if (late != null) {
                DependencyWork failed =
                        DependencyWork.NONE.with(failures(watch, System.nanoTime(), died(gens, late, 0), server), null);
                return failedRun(gens, late, server, Resources.NONE, failed, null, null);
            }
            // the sampler first: the window is open, and the probe waits on a backend busy with the load, so starting
            // after it shifted every sample that late against the load's seconds, the last one past the window's end
            Sampler sampler = new Sampler(watched(server, gens), Defaults.INTERVAL.toMillis());
            sampler.start();
            DependencyProbe probe;
            try {
                probe = ctx.dependencies().probe(s);
            } catch (IOException | RuntimeException e) {
                sampler.stop();
                throw e;
            }
            server.profiler().windowOpened(); // when the load generator's limit opened the window
            long windowStart = System.nanoTime();
            FaultInjector fault = FaultInjector.start(s.overload().fault(), ctx.dependencies(), watch, windowStart);
            ctx.listener().phase(plan, Phase.MEASURING);
            LoadChildren.Awaited<ChildEvent.Result> results;
            DependencyWork.Outage outage = null;
            try {
                results = gens.await(ChildEvent.Result.class, window.plus(RESULT_GRACE), e -> {
                    if (gens.one() && e instanceof ChildEvent.Progress p) {
                        ctx.listener()
                                .live(
                                        plan,
                                        p.interval().throughputRps(),
                                        p.interval().p99Ms());
                    }
                });
            } finally {
                sampler.stop();
                probe.windowClosed();
                ctx.dependencies().endTrigger(s);
                if (fault != null) {
                    outage = fault.outage();
                    fault.close();
                }
            }
            ctx.listener().phase(plan, Phase.JUDGING);
            ServerProfile profile = server.profiler().windowClosed(plan.id());
            watch.close();
            DependencyWork work = probe.finish()
                    .with(
                            failures(
                                    watch,
                                    windowStart,
                                    results.late() == null ? List.of() : died(gens, results.late(), windowStart),
                                    server),
                            outage);
            Resources resources = new Resources(sampler.series(), sampler.machine());
            ServerFacts.Jit jitFacts = jit == null ? null : jit.jit();
            if (results.late() != null) {
                return failedRun(gens, results.late(), server, resources, work, jitFacts, profile);
            }
            LoadReport report = gens.one() ? results.events().get(0).report() : AgentChildren.merge(gens, dir);
            return new Measured(report, null, resources, work, server.exitStatus(), jitFacts, profile);
        }
    }

    private static Measured failedRun(
            LoadChildren gens,
            ChildProcess late,
            StartedServer server,
            Resources resources,
            DependencyWork work,
            ServerFacts.Jit jit,
            ServerProfile profile) {
        Integer exit = server.exitStatus();
        return new Measured(null, gens.failure(late, exit), resources, work, exit, jit, profile);
    }

    /**
     * What the {@link DependencyWatch} watches for a trial of {@code s}: the dependencies it uses, and the load
     * generator or each load agent, a failure when it exits before its result (its exit status 0 is its end).
     */
    private List<DependencyWatch.Watched> watched(ScenarioSpec s, LoadChildren gens) {
        List<DependencyWatch.Watched> w = new ArrayList<>(ctx.dependencies().watched(s));
        for (ChildProcess c : gens.all()) {
            w.add(new DependencyWatch.Watched(loadName(gens, c), () -> exitedBadly(c), null));
        }
        return w;
    }

    private static String loadName(LoadChildren gens, ChildProcess c) {
        return gens.one() ? "the load generator" : "load agent " + (gens.all().indexOf(c) + 1);
    }

    private static Integer exitedBadly(ChildProcess c) {
        if (c.alive()) {
            return null;
        }
        int status = c.process().exitValue();
        return status == 0 ? null : status;
    }

    /**
     * What failed, timed from {@code windowStart}: but a load generator that gave up on a server that had died is no
     * failure of its own (the server's death is the trial's finding, ERRORS).
     */
    private static List<DependencyWork.Failure> failures(
            DependencyWatch watch, long windowStart, List<DependencyWork.Failure> extra, StartedServer server) {
        List<DependencyWork.Failure> all = watch.failures(windowStart, extra);
        if (server.exitStatus() == null) {
            return all;
        }
        return all.stream().filter(f -> !f.loadGenerator()).toList();
    }

    /** A load child that gave no result because it died: a failure of the lab's own part, timed now. */
    private static List<DependencyWork.Failure> died(LoadChildren gens, ChildProcess late, long windowStart) {
        Integer status = exitedBadly(late);
        if (status == null) {
            return List.of();
        }
        double at = windowStart == 0 ? 0 : Math.round((System.nanoTime() - windowStart) / 1e8) / 10.0;
        return List.of(
                new DependencyWork.Failure(loadName(gens, late), at, "exited " + DependencyWatch.exitText(status)));
    }

    private List<Sampler.Watched> watched(StartedServer server, LoadChildren gens) {
        List<Sampler.Watched> w = new ArrayList<>();
        if (server.started()) {
            w.add(new Sampler.Watched(
                    "server",
                    server.process().pid(),
                    ctx.cpus().server(),
                    server.process().gcLog()));
        }
        w.addAll(labParts(gens));
        return w;
    }

    /** The lab's own processes: the load generator(s) and the dependencies it started. */
    private List<Sampler.Watched> labParts(LoadChildren gens) {
        List<Sampler.Watched> w = new ArrayList<>(gens.watched());
        w.addAll(ctx.dependencies().watched());
        return w;
    }
}
