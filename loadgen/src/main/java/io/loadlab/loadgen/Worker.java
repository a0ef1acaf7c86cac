package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCategory;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One load thread: its own single-threaded event loop, its connections, its request plan and its recorders. Nothing
 * on its hot path is shared with other threads or locked; the collector only reads the wait-free interval recorders
 * while it runs and the plain counters after it has terminated.
 *
 * <p>Closed model: a connection sends its next request when the previous response ends. Open model: a {@link Pacer}
 * makes requests due at their intended times; a due request takes a free connection or waits in a
 * {@link PendingQueue} (counted as delayed, its latency still running from the intended time) while a new connection
 * opens, up to this thread's share of {@code maxConnections}. Deadlines are checked by one timer tick per thread.
 *
 * <p>Nothing in flight is dropped: when the window closes, every request still unanswered (and in the open model
 * every request due but never sent) enters the latency histogram at its age, and is counted as unfinished.
 */
final class Worker {
    final LoadSpec spec;
    final SslContext ssl;
    final RequestRecorder[] recorders;
    final ConnectionTally tally;
    volatile long connectErrors;
    long delayed;
    /**
     * Where responses, connections' carried requests and bytes read go, indexed by {@link #phase}: the window's
     * recorders, tally and byte count at {@link #WINDOW}, a scratch copy at {@link #WARMUP}. The warm-up records
     * exactly as the window does, so the JIT has compiled the recording path before the window opens: when the
     * warm-up skipped it, the load thread deoptimized and ran that code cold in the window's first seconds, and every
     * model's first two seconds read some 10% slower (enough to flag a steady server NOT_STEADY).
     */
    private final RequestRecorder[][] recordersBy;

    private final ConnectionTally[] tallyBy;
    private final long[] bytesBy = new long[2];
    private static final int WINDOW = 0;
    private static final int WARMUP = 1;
    /** {@link #WARMUP} until the window opens and after it closes, then {@link #WINDOW}; set on the loop. */
    private int phase = WARMUP;

    private final int id;
    private final int threads;
    private final NanoClock clock;
    private final EventLoopGroup group;
    private final EventLoop loop;
    private final Connections connections;
    private final RequestPlan plan;
    private final int[] slotRequests;
    private final boolean open;
    private final long timeoutNanos;
    private final int initialConnections;
    private final int maxConnections;
    private final int maxHeaderBytes;
    private final ProgressListener listener;
    private final PendingQueue pending = new PendingQueue();
    private final Runnable paceTask = () -> guarded(this::pace);
    /** The first exception the load thread's own tasks threw: a fault of the load generator, which ends the run. */
    private volatile Throwable fault;

    private Pacer pacer;
    private long t0;
    private long t1;
    private boolean stopped;
    private int nextSlot;

    Worker(
            int id,
            LoadSpec spec,
            Transport transport,
            SslContext ssl,
            InetSocketAddress remote,
            int[] slotRequests,
            NanoClock clock,
            ProgressListener listener) {
        this.id = id;
        this.spec = spec;
        this.threads = spec.threads();
        this.ssl = ssl;
        this.clock = clock;
        this.listener = listener;
        this.slotRequests = slotRequests;
        this.open = spec.open();
        this.timeoutNanos = spec.timeout().nanos();
        this.initialConnections = share(spec.connections());
        this.maxConnections = open ? Math.max(1, share(spec.maxConnections())) : initialConnections;
        this.maxHeaderBytes = LoadgenDefaults.MAX_RESPONSE_HEADER_SIZE.toIntExact();
        this.plan = new RequestPlan(spec, id, threads, initialConnections);
        this.tally = new ConnectionTally(initialConnections, !open);
        this.recorders = RequestRecorder.forRun(plan.size(), spec);
        this.tallyBy = new ConnectionTally[] {tally, new ConnectionTally(initialConnections, !open)};
        this.recordersBy = new RequestRecorder[][] {recorders, RequestRecorder.forRun(plan.size(), spec)};
        this.group = transport.newSingleThreadGroup(new DefaultThreadFactory("loadlab-load-" + id, true));
        this.loop = group.next();
        Bootstrap bootstrap = new Bootstrap()
                .group(loop)
                .channel(transport.channelClass())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        Math.min(Integer.MAX_VALUE, spec.timeout().toMillis()));
        this.connections = new Connections(this, loop, bootstrap, remote, spec.sourceAddresses(), id, threads);
    }

    private int share(int total) {
        return total / threads + (id < total % threads ? 1 : 0);
    }

    /**
     * Opens the initial connections; in the closed model each starts sending (unrecorded) as soon as it is ready.
     * Thread-safe; {@link #readyConnections} tells the collector when they are all up.
     */
    void connectAll() {
        loop.execute(() -> {
            long never = clock.nanoTime() + 86_400_000_000_000L;
            t0 = never;
            t1 = never;
            long tick = LoadgenDefaults.TIMEOUT_TICK.nanos();
            loop.scheduleAtFixedRate(() -> guarded(this::tick), tick, tick, TimeUnit.NANOSECONDS);
            for (int i = 0; i < initialConnections; i++) {
                connect(nextSlot++);
            }
        });
    }

    /** Connections that completed their connect (and TLS handshake) so far; readable from any thread. */
    int readyConnections() {
        return readyCount;
    }

    int initialConnections() {
        return initialConnections;
    }

    private volatile int readyCount;

    /** Starts the load at {@code start} (the warm-up): the open model's pacing begins. Thread-safe. */
    void start(long start) {
        loop.execute(() -> {
            if (open) {
                pacer = new Pacer(start, Long.MAX_VALUE, spec.rate().perSecond() / threads, (double) id / threads);
                pace();
            }
        });
    }

    /** The measured window: {@code t0}..{@code t1}, both ahead of now. Thread-safe. */
    void window(long t0, long t1) {
        loop.execute(() -> {
            this.t0 = t0;
            this.t1 = t1;
            loop.schedule(() -> phase = WINDOW, Math.max(0, t0 - clock.nanoTime()), TimeUnit.NANOSECONDS);
            loop.schedule(this::finish, Math.max(0, t1 - clock.nanoTime()), TimeUnit.NANOSECONDS);
            if (pacer != null) {
                pacer.endAt(t1);
            }
        });
    }

    /** Stops sending, closes every connection and ends the event loop; wait on {@link #awaitTermination}. */
    void stop() {
        if (group.isShuttingDown()) {
            return;
        }
        loop.execute(() -> {
            finish();
            group.shutdownGracefully(0, 100, TimeUnit.MILLISECONDS);
        });
    }

    /**
     * The measured window is over: what is still unanswered is recorded as unfinished, nothing more is sent and every
     * connection is dropped at once. Run by the loop itself at {@code t1}, so that it does not go on sending until
     * the collector wakes up: those extra responses only take the not-counted path, which the JIT then recompiles
     * for nothing. Closed through the channel's unsafe with its void promise, which does not touch the pipeline.
     */
    private void finish() {
        if (stopped) {
            return;
        }
        stopped = true;
        phase = WARMUP;
        long now = clock.nanoTime();
        boolean windowOpened = now - t0 >= 0;
        long end = Math.min(now, t1);
        for (Conn c : connections.all()) {
            for (int k = 0; windowOpened && k < c.busy.length; k++) {
                if (c.busy[k]) {
                    tally.carried(c.slot);
                    recorders[c.request[k]].unfinished(end - c.intended[k], end - c.sent[k], open);
                }
            }
        }
        // due and never sent: no connection was free, or the loop ran late (open model), or an HTTP/2 server
        // refused the stream and it waits to be sent again
        while (windowOpened && pending.size() > 0) {
            recorders[pending.peekRequest()].unfinished(end - pending.peekTime(), -1, open);
            pending.remove();
        }
        if (windowOpened && open) {
            long t;
            while (pacer != null && (t = pacer.pollDue(end)) >= 0) {
                recorders[plan.nextOpen()].unfinished(end - t, -1, open);
            }
        }
        connections.closeAll();
    }

    boolean stopped() {
        return stopped;
    }

    /** The load generator's own fault on this thread, or null; read after the loop has terminated. */
    Throwable fault() {
        return fault;
    }

    /**
     * Runs a task of the load thread itself (pacing, deadlines). An exception there is the load generator's bug, which
     * the event loop would only log, leaving a run that reports nothing sent: it stops the thread and is kept.
     */
    private void guarded(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException | Error e) {
            if (fault == null) {
                fault = e;
            }
            finish();
        }
    }

    /** This thread's request plan: its unique picks' wraps ({@link RequestPlan#wraps}) are read from it. */
    RequestPlan plan() {
        return plan;
    }

    /** The lowest SETTINGS_MAX_CONCURRENT_STREAMS an HTTP/2 server announced to this thread; read after the loop. */
    long serverMaxStreams() {
        return serverMaxStreams;
    }

    private long serverMaxStreams = Long.MAX_VALUE;

    /** An HTTP/2 connection heard the server's stream limit. */
    void serverMaxStreams(long limit) {
        if (limit < serverMaxStreams) {
            serverMaxStreams = limit;
            if (limit < spec.maxStreams()) {
                listener.streamsCapped(spec.maxStreams(), limit);
            }
        }
    }

    /** The most connections open at once; read after the loop has terminated. */
    int maxOpened() {
        return connections.maxOpened();
    }

    boolean awaitTermination(long millis) throws InterruptedException {
        return group.awaitTermination(millis, TimeUnit.MILLISECONDS);
    }

    // ---- events from connections (event loop only) ------------------------------------------------------------------

    void onReady(Conn c) {
        c.ready = true;
        if (readyCount < initialConnections) {
            readyCount++;
        }
        connections.ready();
        offer(c, clock.nanoTime());
    }

    /** {@code c} may take requests on its free streams again (ready, or an HTTP/2 send window reopened). */
    void offer(Conn c) {
        offer(c, clock.nanoTime());
    }

    private void offer(Conn c, long now) {
        int k;
        while (!stopped && (k = c.freeStream()) >= 0) {
            if (!free(c, k, now)) {
                break;
            }
        }
    }

    /** Bytes arrived on a connection: every byte read inside the window is counted, usable or not. */
    void onBytes(int n) {
        bytesBy[phase] += n;
    }

    /** Bytes read inside the window; read after the loop has terminated. */
    long bytesRead() {
        return bytesBy[WINDOW];
    }

    /** Stream {@code k} of {@code c} received its whole response. */
    void onResponse(Conn c, int k, int status, boolean keepAlive) {
        long now = clock.nanoTime();
        c.end(k);
        // Counted when it completes inside the window, whenever it was sent. Requiring it to be sent inside too
        // dropped the requests in flight at t0 as well as those at t1: throughput read low by latency / duration
        // (11% for a 540 ms server over 5 s) and the slow requests, likelier to straddle an edge, were undercounted.
        if (now - t1 < 0) {
            // before t0 into the warm-up's scratch sinks, by the sign of now - t0 (a branch the warm-up never took
            // would be compiled out and deoptimize at t0)
            int sink = (int) ((now - t0) >>> 63);
            RequestRecorder rec = recordersBy[sink][c.request[k]];
            rec.record(now - c.intended[k], now - c.sent[k], open);
            rec.status(status);
            if (!plan.spec(c.request[k]).expects(status)) {
                rec.error(ErrorCategory.STATUS);
            }
            tallyBy[sink].completed(c.slot);
        }
        afterStream(c, k, keepAlive, now);
    }

    /**
     * Stream {@code k} of {@code c} failed alone (HTTP/2: reset by the server, or given up after its deadline): the
     * request counts in {@code kind}, and the connection goes on.
     */
    void onStreamFailure(Conn c, int k, ErrorCategory kind) {
        long now = clock.nanoTime();
        if (now - t0 >= 0 && now - t1 < 0 && !stopped) {
            recorders[c.request[k]].error(kind);
        }
        c.end(k);
        afterStream(c, k, true, now);
    }

    /**
     * Stream {@code k} of {@code c} carried a request the server never processed (HTTP/2: refused, or above the last
     * stream of a GOAWAY): not an error, the request is sent again on a free stream, its latency still running from
     * its intended time.
     */
    void onStreamRefused(Conn c, int k) {
        requeue(c, k);
        if (open && connections.size() < maxConnections && connections.connecting() < pending.size()) {
            connect(nextSlot++);
        }
        afterStream(c, k, false, clock.nanoTime());
    }

    /** The request of stream {@code k} of {@code c} waits to be sent again (the server never processed it). */
    void requeue(Conn c, int k) {
        pending.add(c.intended[k], c.request[k]);
        c.end(k);
    }

    /**
     * Stream {@code k} of a connection that is closing failed in {@code kind}; the connection reports
     * {@link #onClosed} once all its streams are accounted for.
     */
    void abort(Conn c, int k, ErrorCategory kind) {
        long now = clock.nanoTime();
        if (now - t0 >= 0 && now - t1 < 0 && !stopped) {
            recorders[c.request[k]].error(kind);
        }
        c.end(k);
    }

    /** After stream {@code k} ended: it carries the next request, or the connection is dropped once it is idle. */
    private void afterStream(Conn c, int k, boolean keepAlive, long now) {
        if (!c.dead && keepAlive && c.accepting() && c.channel.isActive()) {
            if (c.capacity > 1) {
                offer(c, now); // the capacity may have changed (HTTP/2 SETTINGS)
            } else {
                free(c, k, now);
            }
        } else if (c.inFlight == 0 && !c.dead) {
            connections.drop(c);
            replace(c.slot, false);
        }
    }

    void onFailure(Conn c, ErrorCategory kind, Throwable cause) {
        if (c.dead) {
            return;
        }
        long now = clock.nanoTime();
        boolean counted = now - t0 >= 0 && now - t1 < 0 && !stopped;
        if (kind == ErrorCategory.CONNECT) {
            if (counted) {
                connectErrors++;
            }
            if (cause != null) {
                listener.connectError(cause);
            }
        } else if (counted && c.inFlight > 0) {
            for (int k = 0; k < c.busy.length; k++) {
                if (c.busy[k]) {
                    recorders[c.request[k]].error(kind);
                }
            }
        } else if (counted) {
            // bytes nobody asked for, on an idle connection
            recorders[c.fixedRequest >= 0 ? c.fixedRequest : 0].error(kind);
        }
        if (kind == ErrorCategory.CONNECT) {
            connections.connectFailed(!c.ready);
        } else if (!c.ready) {
            connections.failedBeforeReady();
        }
        connections.drop(c);
        replace(c.slot, kind == ErrorCategory.CONNECT);
    }

    void onClosed(Conn c) {
        if (!c.ready) {
            onFailure(c, ErrorCategory.CONNECT, null); // closed before it was usable (e.g. during the TLS handshake)
            return;
        }
        connections.drop(c);
        replace(c.slot, false);
    }

    // ---- internals -----------------------------------------------------------------------------------------------

    private Conn newConn(int slot) {
        // slot among all threads' slots (0 .. connections-1 in the closed model) picks its fixed request
        int fixed = slotRequests == null ? -1 : slotRequests[(id + threads * slot) % slotRequests.length];
        for (ConnectionTally t : tallyBy) {
            t.ensure(slot);
        }
        return spec.http2()
                ? new Http2Conn(this, slot, fixed, spec.maxStreams(), maxHeaderBytes, plan.maxHttp2Body())
                : new Http1Conn(this, slot, fixed, maxHeaderBytes);
    }

    private void connect(int slot) {
        connections.open(newConn(slot));
    }

    /**
     * Keeps the connection count. A closed-model replacement takes over the slot of the connection it replaces; an
     * open-model one gets a new slot, and is opened only when requests wait for one.
     */
    private void replace(int slot, boolean afterConnectFailure) {
        if (stopped) {
            return;
        }
        if (open && connections.size() >= initialConnections && connections.connecting() >= pending.size()) {
            return;
        }
        connections.reopen(newConn(open ? nextSlot++ : slot), afterConnectFailure);
    }

    /**
     * Free stream {@code k} of {@code c} carries the next request: a waiting one first, else in the closed model the
     * connection's next. Returns false when nothing was due (open model: the connection waits among the idle).
     */
    private boolean free(Conn c, int k, long now) {
        if (stopped) {
            return false;
        }
        if (pending.size() > 0) {
            int r = pending.peekRequest();
            long intended = pending.peekTime();
            pending.remove();
            send(c, k, r, intended, now);
        } else if (!open) {
            send(c, k, c.fixedRequest >= 0 ? c.fixedRequest : plan.nextFor(c.slot), now, now);
        } else {
            if (!c.idleQueued) {
                connections.park(c);
            }
            return false;
        }
        return true;
    }

    private void send(Conn c, int k, int request, long intended, long now) {
        tallyBy[phase].carried(c.slot);
        // A request that waited for a connection already has its wait in its latency; the server still gets the
        // full timeout to answer, and a request that waited longer than the timeout is dropped by tick().
        c.send(k, request, intended, now, now + timeoutNanos, plan);
    }

    private void pace() {
        if (stopped) {
            return;
        }
        long now = clock.nanoTime();
        long t;
        while ((t = pacer.pollDue(now)) >= 0) {
            dispatch(t, now);
        }
        long next = pacer.peek();
        if (next != Long.MAX_VALUE) {
            loop.schedule(paceTask, Math.max(0, next - clock.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }

    private void dispatch(long intended, long now) {
        int r = plan.nextOpen();
        Conn c = connections.takeFree();
        if (c != null) {
            send(c, c.freeStream(), r, intended, now);
            return;
        }
        pending.add(intended, r);
        if (intended - t0 >= 0) {
            delayed++;
        }
        if (connections.size() < maxConnections && connections.connecting() < pending.size()) {
            connect(nextSlot++);
        }
    }

    /** Deadlines: a busy connection past its deadline, or a pending request older than the timeout, timed out. */
    private void tick() {
        if (stopped) {
            return;
        }
        long now = clock.nanoTime();
        List<Conn> all = connections.all();
        for (int i = all.size() - 1; i >= 0; i--) {
            if (i >= all.size()) {
                continue;
            }
            Conn c = all.get(i);
            for (int k = 0; k < c.busy.length && !c.dead; k++) {
                if (c.busy[k] && now - c.deadline[k] >= 0) {
                    if (c.abandon(k)) {
                        onStreamFailure(c, k, ErrorCategory.TIMEOUT);
                    } else {
                        onFailure(c, ErrorCategory.TIMEOUT, null);
                    }
                }
            }
        }
        while (pending.size() > 0 && now - pending.peekTime() - timeoutNanos >= 0) {
            int r = pending.peekRequest();
            pending.remove();
            if (now - t0 >= 0 && now - t1 < 0) {
                recorders[r].error(ErrorCategory.TIMEOUT);
            }
        }
    }
}
