package io.loadlab.lab.trial;

import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.ChildCommand;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.profile.ServerProfiler;
import io.loadlab.lab.sample.JitWatch;

/**
 * The warm-up of a trial's one load generator: it warms for at least the minimum, then until the lab tells it the
 * server's JIT is quiet ({@link ChildCommand.Measure}), or its limit passes. Used by one thread.
 */
final class JitWarmup {
    private static final Duration POLL = Duration.ofMillis(200);

    private final LoadChildren gens;
    private final ChildProcess gen;
    private final ServerProfiler profiler;
    private final JitWatch jit;
    private final long minimumEnd;
    private boolean sent;
    private double compilerCores = -1;

    JitWarmup(LoadChildren gens, StartedServer server, Duration minimum) {
        this.gens = gens;
        this.gen = gens.all().get(0);
        this.profiler = server.profiler();
        this.jit = server.started() ? new JitWatch(server.process().pid()) : null;
        this.minimumEnd = System.nanoTime() + minimum.nanos();
    }

    /** Waits up to {@code limit} for the load generator's window to open; returns it when it did not, else null. */
    ChildProcess open(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.nanos();
        while (System.nanoTime() - deadline < 0) {
            ChildEvent.Measuring m = gen.await(ChildEvent.Measuring.class, POLL, e -> gens.keepFailure(gen, e));
            if (m != null) {
                return null;
            }
            if (!gen.alive()) {
                return gen;
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
        return gen;
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
