package io.loadlab.backend;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Requests answered and delayed answers pending. Written only by the event-loop thread (single writer: a plain read
 * plus a release store, no atomic read-modify-write); read by any thread.
 */
final class BackendCounters {
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong pending = new AtomicLong();

    void answered() {
        requests.setRelease(requests.getPlain() + 1);
    }

    void scheduled() {
        pending.setRelease(pending.getPlain() + 1);
    }

    void scheduledDone() {
        pending.setRelease(pending.getPlain() - 1);
    }

    long requests() {
        return requests.getAcquire();
    }

    long pending() {
        return pending.getAcquire();
    }
}
