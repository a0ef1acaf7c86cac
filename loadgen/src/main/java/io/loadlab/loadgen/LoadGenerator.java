package io.loadlab.loadgen;

import io.loadlab.core.UserError;
import io.loadlab.core.proc.ProcFs;
import io.loadlab.core.proc.ProcessStat;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.transport.NettyTransport;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import javax.net.ssl.SSLException;

/**
 * Runs one load test described by a {@link LoadSpec} and returns what it measured. The calling thread becomes the
 * collector: it starts one {@link Worker} per load thread, takes interval snapshots each interval, stops the workers
 * at the end of the measured window (requests still in flight enter the latency histogram at their age, as
 * unfinished) and builds the {@link LoadReport}.
 *
 * <p>Blocking: returns after warm-up + duration plus the time to close connections (well under the timeout).
 * Throws {@link UserError} before sending any load when the target cannot be reached.
 */
public final class LoadGenerator {

    private final NanoClock clock;

    private LoadGenerator(NanoClock clock) {
        this.clock = clock;
    }

    public static LoadReport run(LoadSpec spec, ProgressListener listener) {
        return runWithHistograms(spec, listener).report();
    }

    /** Like {@link #run}, also handing back the merged latency histograms. */
    public static LoadResult runWithHistograms(LoadSpec spec, ProgressListener listener) {
        return runWithHistograms(spec, listener, WarmupGate.NONE);
    }

    /**
     * As {@link #runWithHistograms(LoadSpec, ProgressListener)}, with a warm-up of at least {@code spec.warmup()} that
     * goes on while {@code gate} is not ready, up to {@code spec.maxWarmup()}.
     */
    public static LoadResult runWithHistograms(LoadSpec spec, ProgressListener listener, WarmupGate gate) {
        return new LoadGenerator(NanoClock.SYSTEM).execute(spec, listener, gate);
    }

    /** As {@link #runWithHistograms(LoadSpec, ProgressListener, WarmupGate)} on {@code clock}, for tests. */
    static LoadResult runOn(NanoClock clock, LoadSpec spec, WarmupGate gate) {
        return new LoadGenerator(clock).execute(spec, ProgressListener.NONE, gate);
    }

    private LoadResult execute(LoadSpec spec, ProgressListener listener, WarmupGate gate) {
        InetSocketAddress remote = Preflight.check(spec);
        SslContext ssl = spec.target().tls() ? sslContext(spec.insecure(), spec.http2()) : null;
        int[] slotRequests = spec.assign() == LoadSpec.Assign.PER_CONNECTION ? slotRequests(spec) : null;
        NettyTransport.Choice transport = spec.transport().resolve();
        Worker[] workers = new Worker[spec.threads()];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker(i, spec, transport.runs(), ssl, remote, slotRequests, clock, listener);
        }
        String[] names = spec.requests().stream().map(RequestSpec::name).toArray(String[]::new);
        listener.started(transport);
        connectAll(workers, spec.timeout().nanos());
        List<IntervalStats> intervals = new ArrayList<>();
        WindowRecorder[] recorders = new WindowRecorder[workers.length];
        for (int i = 0; i < workers.length; i++) {
            recorders[i] = workers[i].recorder;
        }
        // one load thread's stand-in is enough to compile the collector's loops over threads
        WindowRecorder[] standIns = {workers[0].standInRecorder()};
        try (IntervalCollector collector = new IntervalCollector(recorders, names, spec.open(), spec.hlog());
                IntervalCollector rehearsal =
                        IntervalCollector.rehearsal(standIns, names, spec.open(), spec.hlog() != null)) {
            long start = loadStart(gate);
            for (Worker w : workers) {
                w.start(start);
            }
            long t0 = warmUp(start, spec, gate, rehearsal, listener);
            long t1 = t0 + spec.duration().nanos();
            for (Worker w : workers) {
                w.window(t0, t1);
            }
            long startEpochMicros = epochMicros() + (t0 - clock.nanoTime()) / 1_000;
            collector.begin(startEpochMicros / 1_000);
            sleepUntil(t0);
            listener.measuring();
            long cpuAtStart = cpuTicks();
            long step = spec.interval().nanos();
            long from = t0;
            while (from - t1 < 0) {
                long to = Math.min(from + step, t1);
                sleepUntil(to);
                IntervalStats s = collector.collect((from - t0) / 1e9, (to - t0) / 1e9);
                intervals.add(s);
                listener.interval(s);
                from = to;
            }
            long cpuAtEnd = cpuTicks();
            for (Worker w : workers) {
                w.stop();
            }
            awaitAll(workers, spec.timeout().toMillis());
            for (Worker w : workers) {
                if (w.fault() != null) {
                    throw new IllegalStateException("a load thread failed: " + w.fault(), w.fault());
                }
            }
            // What the last collect missed: responses of the window's last moments and the unfinished requests,
            // recorded by the workers when the window closed.
            IntervalStats tail = collector.collectTail((t1 - t0) / 1e9);
            if (!intervals.isEmpty() && tail.requests() + tail.errors() > 0) {
                intervals.set(intervals.size() - 1, merge(intervals.get(intervals.size() - 1), tail));
            }
            LoadReport report = new ReportBuilder(spec, workers, collector, names)
                    .build(intervals, (t1 - t0) / 1e9, (t0 - start) / 1e9);
            double cpu = cpuAtStart < 0 || cpuAtEnd < 0
                    ? -1
                    : (cpuAtEnd - cpuAtStart) / (double) ProcFs.clockTicksPerSecond();
            return new LoadResult(
                    report,
                    collector.totalLatency,
                    spec.open() ? collector.totalService : null,
                    cpu,
                    startEpochMicros,
                    ReportBuilder.completedPerConnection(workers),
                    List.of(collector.latency),
                    spec.open() ? List.of(collector.service) : null);
        } finally {
            for (Worker w : workers) {
                w.stop();
            }
        }
    }

    /**
     * The warm-up: at least {@code warmup}, then until the gate is ready or {@code maxWarmup} has passed. Returns the
     * window's start: the planned one (load start + warm-up) when the collector is early enough to hand it over, else a
     * moment ahead, so that every load thread has it before it begins. Meanwhile {@code rehearsal} collects a made-up
     * interval each interval, as the window will collect measured ones.
     */
    private long warmUp(
            long start, LoadSpec spec, WarmupGate gate, IntervalCollector rehearsal, ProgressListener listener) {
        long planned = start + spec.warmup().nanos();
        long limit = start + spec.maxWarmup().nanos();
        Rehearsal beat = new Rehearsal(start, planned, spec.interval().nanos(), rehearsal, listener);
        rehearsal.begin(System.currentTimeMillis());
        beat.until(planned - WAKE_AHEAD_NANOS);
        while (clock.nanoTime() - limit < 0 && !gate.ready()) {
            beat.until(Math.min(limit, clock.nanoTime() + WarmupGate.POLL_MILLIS * 1_000_000));
        }
        return Math.max(clock.nanoTime() + WINDOW_LEAD_NANOS, planned);
    }

    /**
     * Sleeps to an instant, rehearsing the collector's work at each interval's end it passes on the way. At the first,
     * when an interval of the warm-up is left after it, it also collects the garbage: the connections' objects, all
     * made before the load began, then leave the young generation together in a pause of the warm-up. Otherwise the
     * first young pause after them copied them all wherever it fell: 163 ms at 10,000 connections, some 11 s after
     * the JVM's start, which is where a 10 s warm-up ends.
     */
    private final class Rehearsal {
        private final long start;
        private final long planned;
        private final long step;
        private final IntervalCollector collector;
        private final ProgressListener listener;
        private long next;

        Rehearsal(long start, long planned, long step, IntervalCollector collector, ProgressListener listener) {
            this.start = start;
            this.planned = planned;
            this.step = step;
            this.collector = collector;
            this.listener = listener;
            this.next = start + step;
        }

        void until(long deadline) {
            while (next - deadline <= 0) {
                sleepUntil(next);
                if (next == start + step && planned - next >= step) {
                    System.gc();
                }
                collector.rehearse((next - step - start) / 1e9, (next - start) / 1e9, listener);
                next += step;
            }
            sleepUntil(deadline);
        }
    }

    /**
     * When the load begins, once every initial connection is open: now, or the instant the gate waits for (load
     * agents' shared start) when it is still ahead; an instant already past by more than a moment counts as now.
     */
    private long loadStart(WarmupGate gate) {
        long asked = gate.loadStart(clock);
        sleepUntil(asked - WAKE_AHEAD_NANOS);
        return Math.max(asked, clock.nanoTime());
    }

    /** The wall clock in microseconds since the epoch (the JDK reads it at microsecond precision on Linux). */
    private static long epochMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }

    /** How far ahead of the decision the window opens: time for every load thread to be told. */
    private static final long WINDOW_LEAD_NANOS = 2_000_000;

    /**
     * How long before a planned instant (the load's start, the window's) the collector wakes, so that a wake-up the
     * scheduler delays (tens of milliseconds on a busy host) does not move the instant: the load threads are handed
     * it ahead and act on it on time.
     */
    private static final long WAKE_AHEAD_NANOS = 50_000_000;

    /**
     * Opens every initial connection before the clock starts, as wrk does, so that the measured window is not spent
     * connecting; waits at most the timeout (connections still missing then are retried during the run and counted).
     */
    private void connectAll(Worker[] workers, long timeoutNanos) {
        for (Worker w : workers) {
            w.connectAll();
        }
        long end = clock.nanoTime() + timeoutNanos;
        for (Worker w : workers) {
            while (w.readyConnections() < w.initialConnections() && clock.nanoTime() - end < 0) {
                LockSupport.parkNanos(1_000_000);
            }
        }
    }

    private static long cpuTicks() {
        return ProcessStat.read(ProcessHandle.current().pid())
                .map(ProcessStat::totalTicks)
                .orElse(-1L);
    }

    /** The last interval with the tail added: its responses count, its unfinished requests only in p99 and max. */
    private static IntervalStats merge(IntervalStats last, IntervalStats tail) {
        long n = last.requests() + tail.requests();
        return new IntervalStats(
                last.tS(),
                n,
                last.throughputRps() * n / Math.max(1, last.requests()),
                last.p50Ms(),
                Math.max(last.p99Ms(), tail.p99Ms()),
                Math.max(last.maxMs(), tail.maxMs()),
                last.errors() + tail.errors(),
                last.goodput() == null || tail.goodput() == null ? last.goodput() : last.goodput() + tail.goodput());
    }

    private void sleepUntil(long deadline) {
        long left;
        while ((left = deadline - clock.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    private static void awaitAll(Worker[] workers, long budgetMs) {
        long end = System.nanoTime() + budgetMs * 1_000_000;
        try {
            for (Worker w : workers) {
                w.awaitTermination(Math.max(1, (end - System.nanoTime()) / 1_000_000));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Per-connection assignment: slot {@code j} of {@code n} sends request k where j falls in k's weight share. */
    static int[] slotRequests(LoadSpec spec) {
        int n = spec.connections();
        List<RequestSpec> reqs = spec.requests();
        int total = reqs.stream().mapToInt(RequestSpec::weight).sum();
        int[] out = new int[n];
        for (int j = 0; j < n; j++) {
            double x = (j + 0.5) * total / n;
            int acc = 0;
            for (int k = 0; k < reqs.size(); k++) {
                acc += reqs.get(k).weight();
                if (x < acc) {
                    out[j] = k;
                    break;
                }
            }
        }
        return out;
    }

    private static SslContext sslContext(boolean insecure, boolean http2) {
        try {
            SslContextBuilder b = SslContextBuilder.forClient();
            if (http2) {
                b.applicationProtocolConfig(new ApplicationProtocolConfig(
                        ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        "h2"));
            }
            if (insecure) {
                b.trustManager(InsecureTrustManagerFactory.INSTANCE);
            }
            return b.build();
        } catch (SSLException e) {
            throw new UserError("cannot set up TLS: " + e.getMessage());
        }
    }
}
