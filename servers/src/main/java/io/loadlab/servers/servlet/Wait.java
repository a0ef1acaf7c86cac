package io.loadlab.servers.servlet;

import io.loadlab.core.data.ZipCode;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * One waiting endpoint with its inputs already validated, in both forms: done blocking by a {@link Work} (container
 * or worker thread), or without blocking by {@link NonBlockingWork}.
 */
record Wait(Function<Work, Reply> blocking, Function<NonBlockingWork, CompletionStage<Reply>> nonBlocking) {
    static Wait delay(int ms) {
        return new Wait(w -> w.delay(ms), w -> w.delay(ms));
    }

    static Wait backend() {
        return new Wait(Work::backend, NonBlockingWork::backend);
    }

    static Wait upsert(ZipCode row) {
        return new Wait(w -> w.upsert(row), w -> w.upsert(row));
    }

    static Wait find(String zip) {
        return new Wait(w -> w.find(zip), w -> w.find(zip));
    }

    static Wait health() {
        return new Wait(Work::health, NonBlockingWork::health);
    }
}
