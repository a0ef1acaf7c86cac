package io.loadlab.servers;

import io.loadlab.core.Defaults;
import io.loadlab.core.model.Knob;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Size;
import io.loadlab.transport.NettyTransport;

/**
 * The reference servers' defaults: {@code loadlab serve}'s help quotes them. The knobs' defaults come from the
 * catalog ({@link Knob}), which says them for every model.
 */
public final class ServerDefaults {
    private ServerDefaults() {}

    /** thread-pool model: worker threads (the RxJava book's ThreadPool server). */
    public static final int POOL_THREADS = Knob.DEFAULT_THREADS;

    /** thread-pool model: queued connections before rejecting with 503. */
    public static final int POOL_QUEUE = Knob.DEFAULT_QUEUE;

    /**
     * servlet-sync: Jetty's maximum container threads (Jetty's own default; the Spring experiment also used 16). Each
     * waiting request holds one.
     */
    public static final int SERVLET_MAX_THREADS = Knob.DEFAULT_MAX_THREADS;

    /**
     * servlet-async: Jetty's maximum container threads, {@code max(8, 4 × CPUs)}. Its container threads only parse
     * requests and write answers, never wait: a pool sized to the CPUs serves it, and 200 threads on one core cost a
     * /backend call about a fifth more CPU, because Jetty hands each dispatch to an idle thread and 200 idle threads
     * take turns, each woken cold.
     */
    public static int asyncContainerThreads() {
        return Math.max(8, 4 * Runtime.getRuntime().availableProcessors());
    }

    /** servlet-async with {@code --offload worker}: the worker pool that blocks (the Spring experiment's 16). */
    public static final int WORKER_THREADS = Knob.DEFAULT_WORKER_THREADS;

    /** Database connections per server; the same for every model so they do the same work. */
    public static final int DB_POOL = Knob.DEFAULT_DB_POOL;

    /**
     * Bound on waiting for the database: a pooled connection, a connect, a statement. Past it a call fails (503)
     * instead of hanging; equal to the load generator's {@link #TIMEOUT}, past which the answer is lost anyway.
     */
    public static final Duration DB_TIMEOUT = Duration.ofSeconds(10);

    /** Stack size of thread-per-connection threads (0 = the JVM's default). */
    public static final Size STACK_SIZE = Size.parse(Knob.STACK_SIZE.defaultValue());

    /** netty's and vertx's Netty transport ({@code --transport}): epoll, as nginx uses, unless a suite says otherwise. */
    public static final NettyTransport TRANSPORT = NettyTransport.parse(Knob.TRANSPORT.defaultValue());

    /** Event loops of the non-blocking models: the CPUs the server may run on. */
    public static int eventLoops() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** A keep-alive connection idle (or a request arriving) longer than this is closed: every model's. */
    public static final Duration IDLE_TIMEOUT = Defaults.IDLE_TIMEOUT;
}
