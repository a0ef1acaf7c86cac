package io.loadlab.lab.spec;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.model.Knob;
import io.loadlab.core.unit.Size;
import io.loadlab.servers.ServerSpec;
import io.loadlab.transport.NettyTransport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The server settings an experiment gives every model it runs, as a suite's {@code server:} mapping writes them
 * ({@code max-threads: 16}); each is null when the suite leaves the model's default. A model ignores the settings it
 * has no use for, as {@code loadlab serve} does; so that a suite cannot pretend otherwise, an experiment may only set
 * an option one of its models reads ({@link #readers}), and the results say which models read each option.
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
        Size stackSize,
        String mode,
        Integer ioThreads,
        Integer httpClientConnections,
        NettyTransport transport) {

    /**
     * The models that read {@code option}, as the catalog says ({@link ConcurrencyModel#knobs()}): {@code
     * worker-threads} only with {@code offload: worker}.
     */
    public static List<String> readers(String option) {
        return ConcurrencyModel.takers(option);
    }

    public static final ServerOptions NONE =
            new ServerOptions(null, null, null, null, null, null, null, null, null, null, null, null, null);

    public ServerOptions {
        positive(Knob.THREADS, threads);
        positive(Knob.QUEUE, queue);
        positive(Knob.MAX_THREADS, maxThreads);
        positive(Knob.WORKER_THREADS, workerThreads);
        positive(Knob.EVENT_LOOPS, eventLoops);
        positive(Knob.DB_POOL, dbPool);
        positive(Knob.BACKLOG, backlog);
        positive(Knob.IO_THREADS, ioThreads);
        positive(Knob.HTTP_CLIENT_CONNECTIONS, httpClientConnections);
        if (mode != null && !mode.equals("async") && !mode.equals("sync")) {
            throw new IllegalArgumentException("server option mode must be async or sync, got " + mode);
        }
    }

    private static void positive(Knob knob, Integer v) {
        if (v != null && v < 1) {
            throw new IllegalArgumentException("server option " + knob.name() + " must be at least 1, got " + v);
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
        if (transport != null) {
            b.transport(transport);
        }
        return b;
    }

    /**
     * Fails, naming the option, when an option is set that none of {@code models} reads, or {@code worker-threads}
     * without {@code offload: worker} (the only offload that has workers).
     */
    public void checkReadBy(String experiment, List<String> models) {
        for (String option : asMap().keySet()) {
            List<String> readers = readers(option);
            if (models.stream().noneMatch(readers::contains)) {
                throw new IllegalArgumentException("experiment '" + experiment + "': server." + option
                        + " is read by no model of the experiment " + models + " (only by " + readers + ")");
            }
        }
        // a model with an offload knob has workers only with offload: worker; one without (spring-mvc-async) always
        if (workerThreads != null
                && offload != ServerSpec.Offload.WORKER
                && readers(Knob.WORKER_THREADS.name()).stream()
                        .filter(models::contains)
                        .allMatch(readers(Knob.OFFLOAD.name())::contains)) {
            throw new IllegalArgumentException(
                    "experiment '" + experiment + "': server.worker-threads is read only with server.offload: worker");
        }
    }

    /**
     * The options set, by their suite names, for the results: an option that only some of {@code models} read names
     * them ({@code worker (servlet-async only)}), so the results never claim a model got a setting it has no use for.
     */
    public Map<String, String> asMap(List<String> models) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : asMap().entrySet()) {
            List<String> readers = readers(e.getKey());
            List<String> reading = models.stream().filter(readers::contains).toList();
            m.put(
                    e.getKey(),
                    reading.size() == models.size() || reading.isEmpty()
                            ? e.getValue()
                            : e.getValue() + " (" + String.join(", ", reading) + " only)");
        }
        return m;
    }

    /** The options set, by their suite names ({@code max-threads: 16}). */
    public Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        put(m, Knob.THREADS, threads);
        put(m, Knob.QUEUE, queue);
        put(m, Knob.MAX_THREADS, maxThreads);
        put(m, Knob.WORKER_THREADS, workerThreads);
        put(m, Knob.OFFLOAD, offload == null ? null : offload.name().toLowerCase(Locale.ROOT));
        put(m, Knob.EVENT_LOOPS, eventLoops);
        put(m, Knob.DB_POOL, dbPool);
        put(m, Knob.BACKLOG, backlog);
        put(m, Knob.STACK_SIZE, stackSize);
        put(m, Knob.MODE, mode);
        put(m, Knob.IO_THREADS, ioThreads);
        put(m, Knob.HTTP_CLIENT_CONNECTIONS, httpClientConnections);
        put(m, Knob.TRANSPORT, transport);
        return m;
    }

    private static void put(Map<String, String> m, Knob k, Object v) {
        if (v != null) {
            m.put(k.name(), String.valueOf(v));
        }
    }
}
