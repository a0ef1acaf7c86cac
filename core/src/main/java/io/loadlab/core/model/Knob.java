package io.loadlab.core.model;

import io.loadlab.core.Defaults;
import java.util.Locale;

/**
 * A setting a model takes, as suites and the command line write it ({@code max-threads}), its default and what it
 * bounds. A model started as its own process reads it from {@link #envVar()} ({@code LOADLAB_MAX_THREADS}). The
 * catalog ({@link ConcurrencyModel}) lists the knobs each model takes; a model whose default differs declares the knob
 * {@link #withDefault with its own}.
 *
 * @param name kebab-case, as a suite's {@code server:} mapping and {@code loadlab serve} write it
 * @param defaultValue the default as a suite would write it ({@code 200}, {@code nonblocking}), or in words when it is
 *     resolved where the server runs ({@code the usable CPUs})
 * @param bounds what the setting bounds, in words for the help and the docs
 * @param setting the field of the settings record ({@link io.loadlab.core.settings.ServerSettings}) it sets, as a
 *     dotted path ({@code threads.request_threads}): a model may differ from the others there when the knob is its
 *     own
 */
public record Knob(String name, String defaultValue, String bounds, String setting) {
    /** thread-pool's worker threads (the RxJava book's ThreadPool server). */
    public static final int DEFAULT_THREADS = 100;

    /** thread-pool's queued connections before it rejects with 503. */
    public static final int DEFAULT_QUEUE = 1000;

    /** A servlet container's maximum threads (Jetty's and Tomcat's own default; the Spring experiment also used 16). */
    public static final int DEFAULT_MAX_THREADS = 200;

    /** A worker pool that blocks in the container's place (the Spring experiment's 16). */
    public static final int DEFAULT_WORKER_THREADS = 16;

    /** Database connections per server; the same for every model so that they do the same work. */
    public static final int DEFAULT_DB_POOL = 16;

    public static final Knob THREADS = count(
            "threads",
            DEFAULT_THREADS,
            "the pool's threads: connections served, and requests waiting, at once",
            "threads.request_threads");

    public static final Knob QUEUE =
            count("queue", DEFAULT_QUEUE, "connections queued for a pool thread before a 503", "own.queue");

    public static final Knob MAX_THREADS = count(
            "max-threads",
            DEFAULT_MAX_THREADS,
            "the container's threads: with blocking handlers, requests waiting at once",
            "threads.request_threads");

    public static final Knob WORKER_THREADS = count(
            "worker-threads",
            DEFAULT_WORKER_THREADS,
            "the worker pool that blocks in the container's place: requests waiting at once",
            "threads.worker_threads");

    public static final Knob OFFLOAD = new Knob(
            "offload",
            "nonblocking",
            "what waits instead of the container thread: nothing (nonblocking) or a worker pool (worker)",
            "own.offload");

    public static final Knob EVENT_LOOPS = new Knob(
            "event-loops",
            "the usable CPUs",
            "the event-loop threads: requests in CPU work at once",
            "threads.event_loops");

    /** netty's and vertx's Netty transport: {@code io_uring}, {@code epoll} or {@code nio}. */
    public static final Knob TRANSPORT = new Knob(
            "transport",
            "epoll",
            "the Netty transport its event loops run on (io_uring, epoll or nio): what each read and write costs",
            "own.transport");

    /** 0 is the JVM's default. */
    public static final Knob STACK_SIZE = new Knob(
            "stack-size",
            "0",
            "a platform thread's stack: with the host's thread limits, connections open at once",
            "own.stack_size");

    /**
     * spring-mvc-async: what its waiting routes do with the worker pool: return a {@code DeferredResult} it completes
     * ({@code async}, the study's {@code /async-100ms}) or block the container thread on its {@code Future}
     * ({@code sync}, the study's {@code /sync-100ms}).
     */
    public static final Knob MODE = new Knob(
            "mode",
            "async",
            "whether a container thread waits too: async (only"
                    + " the worker pool waits) or sync (a container thread blocks on the worker's Future)",
            "own.mode");

    /** An HTTP server's I/O (reactor) threads: Apache HttpCore's, 1, 2 and 4 in the C10K study. */
    public static final Knob IO_THREADS = new Knob(
            "io-threads",
            "the usable CPUs",
            "the I/O reactor threads:" + " requests in their CPU work at once",
            "threads.event_loops");

    /** A framework application's HTTP client: the most connections it opens to the backend at once. */
    public static final Knob HTTP_CLIENT_CONNECTIONS = new Knob(
            "http-client-connections",
            "the reference servers'" + " limit (half the open files left)",
            "connections to the backend: backend calls at once",
            "backend_client.max_connections");

    public static final Knob DB_POOL =
            count("db-pool", DEFAULT_DB_POOL, "database connections: queries at once", "database.pool");

    public static final Knob BACKLOG =
            count("backlog", Defaults.BACKLOG, "connections waiting to be accepted", "backlog");

    private static final String ENV_PREFIX = "LOADLAB_";

    private static Knob count(String name, int defaultValue, String bounds, String setting) {
        return new Knob(name, Integer.toString(defaultValue), bounds, setting);
    }

    /** The same knob with a model's own default. */
    public Knob withDefault(String value) {
        return new Knob(name, value, bounds, setting);
    }

    /** The environment variable a model started as a process reads it from: {@code LOADLAB_MAX_THREADS}. */
    public String envVar() {
        return envVar(name);
    }

    /** {@code LOADLAB_} and the name in upper snake case: {@code backend-url} → {@code LOADLAB_BACKEND_URL}. */
    static String envVar(String name) {
        return ENV_PREFIX + name.toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
