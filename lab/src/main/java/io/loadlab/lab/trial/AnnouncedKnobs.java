package io.loadlab.lab.trial;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.servers.ServerSpec;
import java.util.Map;

/**
 * A server's knobs as it announced them at start, the spec it was given where it announced nothing: what it really
 * ran with, including what its container kept for itself (Jetty's acceptor and selector threads come out of its
 * pool).
 */
record AnnouncedKnobs(ServerSpec spec, Map<String, Object> settings) implements ConcurrencyModel.Knobs {
    @Override
    public int threads() {
        return number("threads", spec.threads());
    }

    @Override
    public int maxThreads() {
        return number("max_threads", spec.maxThreads());
    }

    @Override
    public int workerThreads() {
        return number("worker_threads", spec.workerThreads());
    }

    @Override
    public boolean offloadsToWorkers() {
        Object o = settings.get("offload");
        return o != null ? "worker".equals(o) : spec.offloadsToWorkers();
    }

    @Override
    public int reservedThreads() {
        return number("acceptors", 0) + number("selectors", 0);
    }

    private int number(String key, int fallback) {
        return settings.get(key) instanceof Number n ? n.intValue() : fallback;
    }
}
