package io.loadlab.backend;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Requests answered, delayed answers pending, and the calls in flight: how many {@code /hello} calls the backend was
 * holding at once — the calling server's real concurrency toward it — with the most and the time-weighted mean since
 * the window was last reset ({@code GET /stats?reset=1}).
 *
 * <p>Written only by the event-loop thread. {@link #requests()} and {@link #pending()} may be read by any thread
 * (single writer: a plain read plus a release store, no atomic read-modify-write); the in-flight figures are read
 * and reset on the event loop only, by the {@code /stats} route.
 */
final class BackendCounters {
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong pending = new AtomicLong();
    private int inFlight;
    private int peak;
    private long area;
    private long since = System.nanoTime();
    private long last = since;

    /** A {@code /hello} call arrived. */
    void called() {
        advance();
        inFlight++;
        peak = Math.max(peak, inFlight);
    }

    /** A {@code /hello} call ended: answered, or its connection gone. */
    void ended(boolean answered) {
        advance();
        inFlight--;
        if (answered) {
            requests.setRelease(requests.getPlain() + 1);
        }
    }

    private void advance() {
        long now = System.nanoTime();
        area += inFlight * (now - last);
        last = now;
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

    /**
     * The {@code /stats} body: answered calls, calls in flight now, and the most and mean in flight over the window;
     * with {@code reset} the window starts again now (after the body is taken).
     */
    String stats(boolean reset) {
        advance();
        long window = last - since;
        double mean = window <= 0 ? inFlight : area / (double) window;
        // plain appends, not String.format: this runs once per window on a backend whose formatter code is cold,
        // at the moment the window opens on the CPU it shares with the load generator
        String body = new StringBuilder(128)
                .append("{\"requests\":")
                .append(requests())
                .append(",\"in_flight\":")
                .append(inFlight)
                .append(",\"peak_in_flight\":")
                .append(peak)
                .append(",\"mean_in_flight\":")
                .append(Math.round(mean * 100) / 100.0)
                .append(",\"window_s\":")
                .append(Math.round(window / 1e6) / 1000.0)
                .append('}')
                .toString();
        if (reset) {
            peak = inFlight;
            area = 0;
            since = last;
        }
        return body;
    }
}
