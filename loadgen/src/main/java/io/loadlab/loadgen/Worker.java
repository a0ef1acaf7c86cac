package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.unit.Duration;
import io.loadlab.transport.NettyTransport;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One load thread: its own single-threaded event loop, its {@link Connections}, its {@link RequestDispatch} and its
 * {@link WindowRecorder}. The worker runs the thread's life (connect, start, the window, stop) and turns its
 * connections' events into calls on the others. Nothing on its hot path is shared with other threads or locked; the
 * collector only reads the wait-free interval recorders while it runs and the plain counters after it has
 * terminated. Deadlines are checked by one timer tick per thread.
 *
 * <p>Nothing in flight is dropped: when the window closes, every request still unanswered (and in the open model
 * every request due but never sent) enters the latency histogram at its age, and is counted as unfinished.
 */
final class Worker {
    final LoadSpec spec;
    final SslContext ssl;
    /** What this thread measures, and whether an event falls inside the window. */
    final WindowRecorder recorder;
    /** What a right answer to each request carries, for the sampled check. */
    final AnswerCheck answers;

    /** An answer's check: not sampled, sampled and right, sampled and wrong (the low bits of what it said). */
    static final int UNCHECKED = 0;

    static final int RIGHT = 1;
    static final int WRONG = 2;
    static final int CHECK = 3;

    /** What a 5xx answer said, besides: retry later ({@code Retry-After}), the database or the backend failed. */
    static final int RETRY_LATER = 4;

    static final int NAMES_DATABASE = 8;
    static final int NAMES_BACKEND = 16;

    private final int id;
    private final int threads;
    private final NanoClock clock;
    private final EventLoopGroup group;
    private final EventLoop loop;
    private final Connections connections;
    private final RequestDispatch dispatch;
    private final RequestPlan plan;
    private final boolean open;
    private final int initialConnections;
    private final ProgressListener listener;
    private final Runnable paceTask = () -> guarded(this::pace);
    /** The first exception the load thread's own tasks threw: a fault of the load generator, which ends the run. */
    private volatile Throwable fault;

    private boolean stopped;
    /** Requests with an expected answer sent so far: every {@link LoadgenDefaults#ANSWER_SAMPLE_EVERY}th is checked. */
    private long checkable;

    Worker(
            int id,
            LoadSpec spec,
            NettyTransport transport,
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
        this.open = spec.open();
        this.initialConnections = share(spec.connections());
        this.plan = new RequestPlan(spec, id, threads, initialConnections);
        this.recorder = new WindowRecorder(plan, spec, initialConnections);
        this.answers = new AnswerCheck(spec.requests());
        this.group = new MultiThreadIoEventLoopGroup(
                1, new DefaultThreadFactory("loadlab-load-" + id, true), transport.labIoHandlerFactory());
        this.loop = group.next();
        group.terminationFuture().addListener(f -> plan.release()); // no write holds the plan's buffers any more
        Bootstrap bootstrap = transport
                .readFromRing(new Bootstrap())
                .group(loop)
                .channel(transport.socketChannel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        Math.min(Integer.MAX_VALUE, spec.timeout().toMillis()));
        int maxConnections = open ? Math.max(1, share(spec.maxConnections())) : initialConnections;
        this.connections = new Connections(
                this, loop, bootstrap, remote, spec, id, slotRequests, initialConnections, maxConnections, plan);
        this.dispatch = new RequestDispatch(this, connections, plan, recorder, spec);
    }

    /** Recorders shaped as this thread's, which no load thread writes: for the collector's rehearsal. */
    WindowRecorder standInRecorder() {
        return new WindowRecorder(plan, spec, 1);
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
            recorder.noWindow(clock.nanoTime());
            long tick = LoadgenDefaults.TIMEOUT_TICK.nanos();
            loop.scheduleAtFixedRate(() -> guarded(this::tick), tick, tick, TimeUnit.NANOSECONDS);
            long flip = SCRATCH_FLIP.nanos();
            scratchFlips =
                    loop.scheduleAtFixedRate(() -> guarded(recorder::flipScratch), flip, flip, TimeUnit.NANOSECONDS);
            connections.openInitial();
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
                dispatch.startPacing(
                        new Pacer(start, Long.MAX_VALUE, spec.rate().perSecond() / threads, (double) id / threads));
                pace();
            }
        });
    }

    /** The measured window: {@code t0}..{@code t1}, both ahead of now. Thread-safe. */
    void window(long t0, long t1) {
        loop.execute(() -> {
            recorder.window(t0, t1);
            if (scratchFlips != null) {
                scratchFlips.cancel(false);
            }
            loop.schedule(recorder::opened, Math.max(0, t0 - clock.nanoTime()), TimeUnit.NANOSECONDS);
            loop.schedule(this::finish, Math.max(0, t1 - clock.nanoTime()), TimeUnit.NANOSECONDS);
            dispatch.endAt(t1);
        });
    }

    /** How often the warm-up takes the scratch recorders' interval histograms ({@link WindowRecorder#flipScratch}). */
    private static final Duration SCRATCH_FLIP = Duration.ofMillis(100);

    /** The warm-up's scratch flips, cancelled when the window is set. */
    private ScheduledFuture<?> scratchFlips;

    /** How long the loop waits for its channels' closes to finish before it ends anyway. */
    private static final long CLOSE_BOUND_MS = 1_000;

    /** Stops sending, closes every connection and ends the event loop; wait on {@link #awaitTermination}. */
    void stop() {
        if (group.isShuttingDown()) {
            return;
        }
        loop.execute(() -> {
            finish();
            connections.afterLastClose(() -> group.shutdownGracefully(0, 100, TimeUnit.MILLISECONDS), CLOSE_BOUND_MS);
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
        if (recorder.close(clock.nanoTime())) {
            recordUnfinished();
        }
        connections.closeAll();
    }

    /** What is still unanswered when the window closes, and what was due and never sent. */
    private void recordUnfinished() {
        for (Conn c : connections.all()) {
            for (int k = 0; k < c.busy.length; k++) {
                if (c.busy[k]) {
                    recorder.unfinished(c, k);
                }
            }
        }
        dispatch.recordNeverSent();
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
        dispatch.offer(c, clock.nanoTime());
    }

    /** {@code c} may take requests on its free streams again (ready, or an HTTP/2 send window reopened). */
    void offer(Conn c) {
        dispatch.offer(c, clock.nanoTime());
    }

    /** Bytes arrived on a connection: every byte read inside the window is counted, usable or not. */
    void onBytes(int n) {
        recorder.bytes(n);
    }

    /** Stream {@code k} of {@code c} received its whole response. */
    /** True when the answer to {@code request}, about to be sent, is one of the sample whose answers are checked. */
    boolean sampleAnswer(int request) {
        return answers.checks(request) && checkable++ % LoadgenDefaults.ANSWER_SAMPLE_EVERY == 0;
    }

    void onResponse(Conn c, int k, int status, boolean keepAlive) {
        onResponse(c, k, status, keepAlive, UNCHECKED);
    }

    /**
     * @param check what the answer said: its sampled check ({@link #UNCHECKED}, {@link #RIGHT} or {@link #WRONG}) and,
     *     for a 5xx, {@link #RETRY_LATER}, {@link #NAMES_DATABASE}, {@link #NAMES_BACKEND}
     */
    void onResponse(Conn c, int k, int status, boolean keepAlive, int check) {
        long now = clock.nanoTime();
        if (status < 500 || plan.spec(c.request[k]).expects(status) || !dispatch.retry(c, k, now)) {
            recorder.response(c, k, status, now, check);
        }
        c.end(k);
        if (!keepAlive) {
            recorder.serverClosed(now);
        }
        afterStream(c, k, keepAlive, now);
    }

    /**
     * Stream {@code k} of {@code c} failed alone (HTTP/2: reset by the server, or given up after its deadline): the
     * request counts in {@code kind}, and the connection goes on.
     */
    void onStreamFailure(Conn c, int k, ErrorCategory kind) {
        long now = clock.nanoTime();
        failed(c, k, kind, now);
        c.end(k);
        afterStream(c, k, true, now);
    }

    /**
     * Stream {@code k} of {@code c} carried a request the server never processed (HTTP/2: refused, or above the last
     * stream of a GOAWAY): not an error, the request is sent again on a free stream, its latency still running from
     * its intended time.
     */
    void onStreamRefused(Conn c, int k) {
        dispatch.requeue(c, k);
        connections.growFor(dispatch.waiting());
        afterStream(c, k, false, clock.nanoTime());
    }

    /** The request of stream {@code k} of {@code c} waits to be sent again (the server never processed it). */
    void requeue(Conn c, int k) {
        dispatch.requeue(c, k);
    }

    /**
     * Stream {@code k} of a connection that is closing failed in {@code kind}; the connection reports
     * {@link #onClosed} once all its streams are accounted for.
     */
    void abort(Conn c, int k, ErrorCategory kind) {
        failed(c, k, kind, clock.nanoTime());
        c.end(k);
    }

    /** The attempt of stream {@code k} failed in {@code kind}: it is retried, or the request fails. */
    private void failed(Conn c, int k, ErrorCategory kind, long now) {
        if (!dispatch.retry(c, k, now)) {
            recorder.error(c.request[k], kind, now);
        }
    }

    /** After stream {@code k} ended: it carries the next request, or the connection is dropped once it is idle. */
    private void afterStream(Conn c, int k, boolean keepAlive, long now) {
        if (!c.dead && keepAlive && c.accepting() && c.channel.isActive()) {
            if (c.capacity > 1) {
                dispatch.offer(c, now); // the capacity may have changed (HTTP/2 SETTINGS)
            } else {
                dispatch.sendNextOrPark(c, k, now);
            }
        } else if (c.inFlight == 0 && !c.dead) {
            replace(c, false);
        }
    }

    void onFailure(Conn c, ErrorCategory kind, Throwable cause) {
        if (c.dead) {
            return;
        }
        long now = clock.nanoTime();
        boolean carried = c.inFlight > 0;
        for (int k = 0; k < c.busy.length; k++) {
            if (c.busy[k] && dispatch.retry(c, k, now)) {
                c.end(k);
            }
        }
        if (!carried || c.inFlight > 0) {
            recorder.connectionFailed(c, kind, now); // the attempts that are not retried fail
        }
        if (kind == ErrorCategory.CONNECT && cause != null) {
            listener.connectError(cause);
        }
        if (kind == ErrorCategory.CONNECT) {
            connections.connectFailed(!c.ready);
        } else if (!c.ready) {
            connections.failedBeforeReady();
        }
        replace(c, kind == ErrorCategory.CONNECT);
    }

    void onClosed(Conn c) {
        if (!c.ready) {
            onFailure(c, ErrorCategory.CONNECT, null); // closed before it was usable (e.g. during the TLS handshake)
            return;
        }
        recorder.serverClosed(clock.nanoTime());
        replace(c, false);
    }

    // ---- internals -----------------------------------------------------------------------------------------------

    /** Drops {@code c} and keeps the connection count. */
    private void replace(Conn c, boolean afterConnectFailure) {
        connections.drop(c);
        connections.replace(c.slot, afterConnectFailure, dispatch.waiting());
    }

    private void pace() {
        if (stopped) {
            return;
        }
        long next = dispatch.sendDue(clock.nanoTime());
        if (next != Long.MAX_VALUE) {
            loop.schedule(paceTask, Math.max(0, next - clock.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }

    /**
     * Deadlines: a busy connection past its deadline, or a pending request waiting longer than the timeout, timed out;
     * and the retries whose backoff is over go out.
     */
    private void tick() {
        if (stopped) {
            return;
        }
        long now = clock.nanoTime();
        connections.timeOut(now);
        dispatch.timeOutWaiting(now);
        dispatch.releaseRetries(now);
    }
}
