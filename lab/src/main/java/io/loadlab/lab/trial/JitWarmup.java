package io.loadlab.lab.trial;

import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.ChildCommand;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.profile.ServerProfiler;
import io.loadlab.lab.sample.GcWatch;
import io.loadlab.lab.sample.JitWatch;
import io.loadlab.lab.sample.Sampler;
import java.util.ArrayList;
import java.util.List;

/**
 * The warm-up of a trial's one load generator: it warms for at least the minimum, then until the lab tells it the
 * server's JIT is quiet and so are the lab's own JVMs' (the load generator, the backend, the lab), and the server has
 * made its first garbage collection where that would fall in the window and before the limit ({@link GcWatch}), or
 * its limit passes ({@link ChildCommand.Measure}). The lab's own parts share the load generator's CPUs: one still
 * compiling when the window opened took up to a third of that core from the window's first seconds. Used by one
 * thread.
 */
final class JitWarmup {
    private static final Duration POLL = Duration.ofMillis(200);
    /** How often a warm-up, this one or load agents', rehearses what the window's start will ask. */
    static final Duration REHEARSAL_EVERY = Duration.ofSeconds(1);

    private final LoadChildren gens;
    private final ChildProcess gen;
    private final ServerProfiler profiler;
    private final JitWatch jit;
    private final GcWatch gc;
    private final List<JitWatch> parts;
    private final Runnable rehearsal;
    private final long minimumEnd;
    private final long limitEnd;
    private final long window;
    private long nextRehearsal;
    private boolean sent;
    private boolean compilersQuiet;
    private double compilerCores = -1;

    /**
     * {@code parts}: the lab's own processes (load generator, dependencies); a part that is not a JVM is quiet.
     * {@code rehearsal} runs about once a second until the window opens: what the window's start will ask of them.
     * {@code limit}: the load generator's, after which it opens the window itself; {@code window}: how long the
     * window lasts.
     */
    JitWarmup(
            LoadChildren gens,
            StartedServer server,
            List<Sampler.Watched> parts,
            Runnable rehearsal,
            Duration minimum,
            Duration limit,
            Duration window) {
        this.gens = gens;
        this.gen = gens.all().get(0);
        this.profiler = server.profiler();
        this.jit = server.started() ? new JitWatch(server.process().pid()) : null;
        this.gc = server.started() ? GcWatch.of(server.process().pid()) : null;
        List<JitWatch> watches = new ArrayList<>();
        parts.forEach(w -> watches.add(new JitWatch(w.pid())));
        // the lab itself: it runs on any core, the server's too, and its C2 compiled the /proc readers of these very
        // watches for seconds (half a core) late in a warm-up at 10,000 connections, once into the window's start
        watches.add(new JitWatch(ProcessHandle.current().pid()));
        this.parts = List.copyOf(watches);
        this.rehearsal = rehearsal;
        long start = System.nanoTime();
        this.minimumEnd = start + minimum.nanos();
        this.limitEnd = start + limit.nanos();
        this.window = window.nanos();
        this.nextRehearsal = start;
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
                if (System.nanoTime() - nextRehearsal >= 0) {
                    rehearsal.run();
                    nextRehearsal = System.nanoTime() + REHEARSAL_EVERY.nanos();
                }
                boolean quiet = jit == null || jit.quiet();
                compilerCores = jit == null ? -1 : jit.lastCores();
                for (JitWatch part : parts) {
                    quiet &= part.quiet(); // each watch samples on every poll, to keep its last second
                }
                compilersQuiet = quiet;
                long now = System.nanoTime();
                quiet &= gc == null || gc.ready(now, window, limitEnd);
                if (quiet && now - minimumEnd >= 0) {
                    // the profiler's start costs the server a few ms of CPU: spend them before the window
                    profiler.windowOpened();
                    sent = gen.send(new ChildCommand.Measure(System.nanoTime()));
                }
            }
        }
        return gen;
    }

    /**
     * The JIT when the window opened: quiet if the server's and the lab's own JVMs' were at the lab's last look (it
     * opened the window then, or the load generator's limit passed while the lab waited for the server's first
     * collection); null for a server the lab did not start, whose JIT it cannot watch.
     */
    ServerFacts.Jit jit() {
        if (jit == null) {
            return null;
        }
        return new ServerFacts.Jit(Math.max(0, Math.round(compilerCores * 1000) / 1000.0), compilersQuiet);
    }
}
