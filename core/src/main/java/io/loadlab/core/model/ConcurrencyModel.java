package io.loadlab.core.model;

import io.loadlab.core.UserError;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The catalog of concurrency models: each one's name (its kebab-case id, the only place it is spelled), a line for
 * the help, whether a waiting request holds a platform thread, and how many requests its design lets wait at once.
 * The servers start them, the lab computes their ceilings from it, the report and the help describe them with it.
 */
public enum ConcurrencyModel {
    SINGLE_THREAD(
            "single-thread",
            "one thread accepts and serves one keep-alive connection at a time; blocks on every wait",
            true),
    THREAD_POOL(
            "thread-pool",
            "fixed pool (--threads) serving a whole keep-alive connection per task, bounded queue (--queue); queue"
                    + " full -> immediate 503 + Connection: close",
            true),
    THREAD_PER_CONNECTION(
            "thread-per-connection",
            "a new platform thread per connection (--stack-size), unbounded; blocks on every wait",
            true),
    VIRTUAL_THREADS(
            "virtual-threads",
            "the thread-per-connection code on a virtual thread per connection; waits unmount",
            false),
    SERVLET_SYNC(
            "servlet-sync",
            "Jetty 12 servlet, container threads (--max-threads) block on sleep, HTTP client and JDBC",
            true),
    SERVLET_ASYNC(
            "servlet-async",
            "Jetty 12 servlet + AsyncContext; --offload nonblocking (timer, async client, reactive DB) or worker"
                    + " (--worker-threads block)",
            false),
    NETTY(
            "netty",
            "Netty event loops (--event-loops); timers, async backend client, reactive PostgreSQL client",
            false),
    VERTX(
            "vertx",
            "Vert.x verticles, one per event loop (--event-loops); timers, HTTP client, reactive PostgreSQL client",
            false);

    /** The settings of a server that bound how many of its requests can wait at once. */
    public interface Knobs {
        /** thread-pool: worker threads. */
        int threads();

        /** servlet models: the container's maximum threads. */
        int maxThreads();

        /** servlet-async with the worker offload: the blocking worker pool. */
        int workerThreads();

        /** servlet-async: true when a worker pool blocks instead of nothing waiting. */
        boolean offloadsToWorkers();

        /** Container threads the container keeps for itself (Jetty's acceptors and selectors); 0 when unknown. */
        default int reservedThreads() {
            return 0;
        }
    }

    private final String id;
    private final String description;
    private final boolean blocking;

    ConcurrencyModel(String id, String description, boolean blocking) {
        this.id = id;
        this.description = description;
        this.blocking = blocking;
    }

    /** The kebab-case name: what {@code loadlab serve}, suites and results say, e.g. {@code thread-pool}. */
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** True when a request that waits (delay, backend, database) holds a platform thread while it waits. */
    public boolean blocking() {
        return blocking;
    }

    /**
     * How many requests can wait at once by the model's design, given its settings, or null when nothing in its design
     * bounds it (a thread or a virtual thread per connection, an event loop): a thread per waiting request for the
     * thread-holding models.
     */
    public Integer waitingCap(Knobs k) {
        return switch (this) {
            case SINGLE_THREAD -> 1;
            case THREAD_POOL -> k.threads();
            case SERVLET_SYNC -> Math.max(1, k.maxThreads() - k.reservedThreads());
            case SERVLET_ASYNC -> k.offloadsToWorkers() ? k.workerThreads() : null;
            default -> null;
        };
    }

    /** What {@link #waitingCap} counts, in words: {@code 100 threads}, {@code 16 worker threads}; null when none. */
    public String waitingCapLabel(Knobs k) {
        Integer cap = waitingCap(k);
        if (cap == null) {
            return null;
        }
        return switch (this) {
            case SINGLE_THREAD -> "its one thread";
            case SERVLET_SYNC ->
                k.reservedThreads() == 0
                        ? cap + " container threads"
                        : cap + " container threads (" + k.maxThreads() + " less the " + k.reservedThreads()
                                + " Jetty keeps for accepting and selecting)";
            case SERVLET_ASYNC -> cap + " worker threads";
            default -> cap + " threads";
        };
    }

    /** The model of this id; a {@link UserError} listing the models when there is none. */
    public static ConcurrencyModel byId(String id) {
        String wanted = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (ConcurrencyModel m : values()) {
            if (m.id.equals(wanted)) {
                return m;
            }
        }
        throw new UserError("unknown model '" + id + "'; the models are: " + ids());
    }

    /** Every model, in the order help texts and reports list them. */
    public static List<ConcurrencyModel> all() {
        return List.of(values());
    }

    /** {@code single-thread, thread-pool, ...}. */
    public static String ids() {
        return Arrays.stream(values()).map(ConcurrencyModel::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
