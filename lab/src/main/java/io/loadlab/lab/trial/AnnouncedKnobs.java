package io.loadlab.lab.trial;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.model.Knob;
import io.loadlab.servers.ServerSpec;
import java.util.Map;

/**
 * A server's knobs as it announced them at start, where it announced nothing the spec it was given (a reference
 * server) or the catalog's default (a framework model's application, which only tells at {@code /settings}): what
 * it really ran with, including what its container kept for itself (Jetty's acceptor and selector threads come out of
 * its pool).
 *
 * @param spec the reference server's spec, or null for an application started by its jar
 */
record AnnouncedKnobs(ConcurrencyModel model, ServerSpec spec, Map<String, Object> settings)
        implements ConcurrencyModel.Knobs {
    @Override
    public int threads() {
        return number("threads", spec == null ? fallback(Knob.THREADS) : spec.threads());
    }

    @Override
    public int maxThreads() {
        return number("max_threads", spec == null ? fallback(Knob.MAX_THREADS) : spec.maxThreads());
    }

    @Override
    public int workerThreads() {
        return number("worker_threads", spec == null ? fallback(Knob.WORKER_THREADS) : spec.workerThreads());
    }

    @Override
    public boolean offloadsToWorkers() {
        Object o = settings.get("offload");
        return o != null ? "worker".equals(o) : spec != null && spec.offloadsToWorkers();
    }

    @Override
    public int reservedThreads() {
        return number("acceptors", 0) + number("selectors", 0);
    }

    @Override
    public boolean containerWaits() {
        return "sync".equals(settings.get("mode"));
    }

    private int number(String key, int fallback) {
        return settings.get(key) instanceof Number n ? n.intValue() : fallback;
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
