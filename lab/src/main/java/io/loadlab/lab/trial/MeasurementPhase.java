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
import io.loadlab.lab.child.ChildCommand;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.child.LoadJob;
import io.loadlab.lab.deps.DependencyProbe;
import io.loadlab.lab.profile.ServerProfiler;
import io.loadlab.lab.sample.JitWatch;
import io.loadlab.lab.sample.Sampler;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.spec.TrialPlan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The warm-up and the measured window of a trial, in one load generator child on the load generator's CPUs: the
 * warm-up settles the server's and the load generator's JITs on the very connections the window then measures. When
 * the child says it measures, the lab starts sampling {@code /proc} and watching the dependencies, so that both cover
 * the window exactly; when it reports its result, they stop.
 */
final class MeasurementPhase {
    /**
     * What the window produced; {@code report} is null, and {@code failure} says why, when the run failed. {@code jit}
     * is the server's JIT when the window opened; {@code profile} its profile over the window (null when off).
     */
    record Measured(
            LoadReport report,
            String failure,
            Resources resources,
            DependencyWork work,
            Integer serverExit,
            ServerFacts.Jit jit,
            ServerProfile profile) {}

    private final SuiteContext ctx;

    MeasurementPhase(SuiteContext ctx) {
        this.ctx = ctx;
    }

    Measured run(TrialPlan plan, StartedServer server, TrialDir dir) throws IOException, InterruptedException {
        if (ctx.plan().agents() > 1) {
            return new AgentsMeasurement(ctx).run(plan, server, dir);
        }
        ScenarioSpec s = plan.experiment().scenario();
        ctx.dependencies().prepare(s);
        Duration warmup = ctx.plan().timing().leastWarmup();
        Duration duration = ctx.plan().timing().duration();
        Duration limit = ctx.plan().timing().mostWarmup();
        LoadJob job = LoadJobs.of(server.url(), s, plan.level(), warmup, limit, duration, dir);
        ctx.listener().phase(plan, Phase.WARMUP);
        ChildProcess gen = ctx.launcher().start("loadgen", job, ctx.cpus().loadgen(), dir.dir());
        List<String> failure = new ArrayList<>(1);
        try {
            Warmup w = new Warmup(gen, server, warmup);
            ChildEvent.Measuring m = w.await(limit.plus(LabDefaults.STARTUP_TIMEOUT), failure);
            if (m == null) {
                return failedRun(gen, server, failure);
            }
            DependencyProbe probe = ctx.dependencies().probe(s);
            Sampler sampler = new Sampler(watched(server, gen), Defaults.INTERVAL.toMillis());
            sampler.start();
            server.profiler().windowOpened(); // when the load generator's limit opened the window
            ctx.listener().phase(plan, Phase.MEASURING);
            ChildEvent.Result result;
            try {
                result = gen.await(ChildEvent.Result.class, duration.plus(Duration.ofSeconds(60)), e -> {
                    if (e instanceof ChildEvent.Progress p) {
                        ctx.listener()
                                .live(
                                        plan,
                                        p.interval().throughputRps(),
                                        p.interval().p99Ms());
                    }
                    failed(e, failure);
                });
            } finally {
                sampler.stop();
                probe.windowClosed();
            }
            ctx.listener().phase(plan, Phase.JUDGING);
            ServerProfile profile = server.profiler().windowClosed(plan.id());
            DependencyWork work = probe.finish();
            Resources resources = new Resources(sampler.series(), sampler.machine());
            if (result == null) {
                Measured f = failedRun(gen, server, failure);
                return new Measured(null, f.failure(), resources, work, f.serverExit(), w.jit(), profile);
            }
            return new Measured(result.report(), null, resources, work, server.exitStatus(), w.jit(), profile);
        } finally {
            ctx.launcher().stop(gen);
        }
    }

    /**
     * The warm-up: the load generator warms for at least the minimum, then until the lab tells it the server's JIT is
     * quiet (or its limit passes). Waits for its window to open.
     */
    private static final class Warmup {
        private final ChildProcess gen;
        private final ServerProfiler profiler;
        private final JitWatch jit;
        private final long minimumEnd;
        private boolean sent;
        private double compilerCores = -1;

        Warmup(ChildProcess gen, StartedServer server, Duration minimum) {
            this.gen = gen;
            this.profiler = server.profiler();
            this.jit = server.started() ? new JitWatch(server.process().pid()) : null;
            this.minimumEnd = System.nanoTime() + minimum.nanos();
        }

        ChildEvent.Measuring await(Duration limit, List<String> failure) throws InterruptedException {
            long deadline = System.nanoTime() + limit.nanos();
            while (System.nanoTime() - deadline < 0) {
                ChildEvent.Measuring m = gen.await(ChildEvent.Measuring.class, POLL, e -> failed(e, failure));
                if (m != null || !gen.alive()) {
                    return m;
                }
                if (!sent) {
                    boolean quiet = jit == null || jit.quiet();
                    compilerCores = jit == null ? -1 : jit.lastCores();
                    if (quiet && System.nanoTime() - minimumEnd >= 0) {
                        // the profiler's start costs the server a few ms of CPU: spend them before the window
                        profiler.windowOpened();
                        sent = gen.send(new ChildCommand.Measure(System.nanoTime()));
                    }
                }
            }
            return null;
        }

        /**
         * The JIT when the window opened: quiet if the lab opened it, else the load generator's limit did; null for a
         * server the lab did not start, whose JIT it cannot watch.
         */
        ServerFacts.Jit jit() {
            if (jit == null) {
                return null;
            }
            return new ServerFacts.Jit(Math.max(0, Math.round(compilerCores * 1000) / 1000.0), sent);
        }
    }

    private static final Duration POLL = Duration.ofMillis(200);

    /** Keeps a child's failure message, for the trial's reason. */
    static void failed(ChildEvent e, List<String> failure) {
        if (e instanceof ChildEvent.Failure f) {
            failure.add(f.message());
        }
    }

    private Measured failedRun(ChildProcess gen, StartedServer server, List<String> failure) {
        Integer exit = server.exitStatus();
        // a server that died first is why the load generator failed: say that before what the load generator saw
        String why = (exit == null ? "" : "the server exited with status " + exit + "; ")
                + (!failure.isEmpty()
                        ? "the load generator failed: " + failure.get(0)
                        : gen.alive()
                                ? "the load generator did not finish in time: " + gen.logTail()
                                : "the load generator exited with status "
                                        + gen.process().exitValue() + ": " + gen.logTail());
        return new Measured(null, why, Resources.NONE, DependencyWork.NONE, exit, null, null);
    }

    private List<Sampler.Watched> watched(StartedServer server, ChildProcess gen) {
        List<Sampler.Watched> w = new ArrayList<>();
        if (server.started()) {
            w.add(new Sampler.Watched(
                    "server", server.process().pid(), ctx.cpus().server()));
        }
        w.add(new Sampler.Watched("loadgen", gen.pid(), ctx.cpus().loadgen()));
        w.addAll(ctx.dependencies().watched());
        return w;
    }
}
