package io.loadlab.lab.trial;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.model.Knob;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.servers.ServerSpec;
import java.util.Map;

/**
 * A server's knobs as it announced them in its settings record, where it announced nothing the spec it was given (a
 * reference server) or the catalog's default (a framework model's application): what it really ran with, including
 * what its container kept for itself (Jetty's acceptor and selector threads, its {@code threads.io_threads}, come out
 * of its pool; no other model's design cap reads them).
 *
 * @param spec the reference server's spec, or null for an application started by its jar
 * @param settings what it announced, or null
 */
record AnnouncedKnobs(ConcurrencyModel model, ServerSpec spec, ServerSettings settings)
        implements ConcurrencyModel.Knobs {
    @Override
    public int threads() {
        return count(requestThreads(), spec == null ? fallback(Knob.THREADS) : spec.threads());
    }

    @Override
    public int maxThreads() {
        return count(requestThreads(), spec == null ? fallback(Knob.MAX_THREADS) : spec.maxThreads());
    }

    @Override
    public int workerThreads() {
        Limit workers = settings == null || settings.threads() == null
                ? null
                : settings.threads().workerThreads();
        return count(workers, spec == null ? fallback(Knob.WORKER_THREADS) : spec.workerThreads());
    }

    @Override
    public boolean offloadsToWorkers() {
        String o = own().get("offload");
        return o != null ? "worker".equals(o) : spec != null && spec.offloadsToWorkers();
    }

    @Override
    public int reservedThreads() {
        Integer io = settings == null || settings.threads() == null
                ? null
                : settings.threads().ioThreads();
        return io == null ? 0 : io;
    }

    @Override
    public boolean containerWaits() {
        return "sync".equals(own().get("mode"));
    }

    private Limit requestThreads() {
        return settings == null || settings.threads() == null
                ? null
                : settings.threads().requestThreads();
    }

    private Map<String, String> own() {
        return settings == null || settings.own() == null ? Map.of() : settings.own();
    }

    /** A bound announced as a number; else {@code fallback} (unreported, or unlimited: no count of threads). */
    private static int count(Limit announced, int fallback) {
        return announced == null || announced.unlimited() || announced.value() > Integer.MAX_VALUE
                ? fallback
                : (int) announced.value();
    }

    /** The model's default of {@code knob} as the catalog gives it; 0 when it takes none or it is not a number. */
    private int fallback(Knob knob) {
        return model.knobs().stream()
                .filter(k -> k.name().equals(knob.name()))
                .findFirst()
                .map(k -> k.defaultValue().matches("\\d+") ? Integer.parseInt(k.defaultValue()) : 0)
                .orElse(0);
    }
}
