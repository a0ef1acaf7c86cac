package io.loadlab.lab.spec;

import io.loadlab.core.unit.Size;
import io.loadlab.servers.ServerSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server settings an experiment gives every model it runs, as a suite's {@code server:} mapping writes them
 * ({@code max-threads: 16}); each is null when the suite leaves the model's default. A model ignores the settings it
 * has no use for, as {@code loadlab serve} does.
 */
public record ServerOptions(
        Integer threads,
        Integer queue,
        Integer maxThreads,
        Integer workerThreads,
        ServerSpec.Offload offload,
        Integer eventLoops,
        Integer dbPool,
        Integer backlog,
        Size stackSize) {

    public static final ServerOptions NONE = new ServerOptions(null, null, null, null, null, null, null, null, null);

    public ServerOptions {
        positive("threads", threads);
        positive("queue", queue);
        positive("max-threads", maxThreads);
        positive("worker-threads", workerThreads);
        positive("event-loops", eventLoops);
        positive("db-pool", dbPool);
        positive("backlog", backlog);
    }

    private static void positive(String name, Integer v) {
        if (v != null && v < 1) {
            throw new IllegalArgumentException("server option " + name + " must be at least 1, got " + v);
        }
    }

    /** Sets what this names on {@code b}, leaving the rest as it is. */
    public ServerSpec.Builder applyTo(ServerSpec.Builder b) {
        if (threads != null) {
            b.threads(threads);
        }
        if (queue != null) {
            b.queue(queue);
        }
        if (maxThreads != null) {
            b.maxThreads(maxThreads);
        }
        if (workerThreads != null) {
            b.workerThreads(workerThreads);
        }
        if (offload != null) {
            b.offload(offload);
        }
        if (eventLoops != null) {
            b.eventLoops(eventLoops);
        }
        if (dbPool != null) {
            b.dbPool(dbPool);
        }
        if (backlog != null) {
            b.backlog(backlog);
        }
        if (stackSize != null) {
            b.stackSizeBytes(stackSize.bytes());
        }
        return b;
    }

    /** The options set, by their suite names ({@code max-threads: 16}), for the results. */
    public Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        put(m, "threads", threads);
        put(m, "queue", queue);
        put(m, "max-threads", maxThreads);
        put(m, "worker-threads", workerThreads);
        put(m, "offload", offload == null ? null : offload.name().toLowerCase(java.util.Locale.ROOT));
        put(m, "event-loops", eventLoops);
        put(m, "db-pool", dbPool);
        put(m, "backlog", backlog);
        put(m, "stack-size", stackSize);
        return m;
    }

    private static void put(Map<String, String> m, String k, Object v) {
        if (v != null) {
            m.put(k, String.valueOf(v));
        }
    }
}
