package io.loadlab.loadgen;

import io.loadlab.core.Defaults;
import io.loadlab.core.result.ErrorCategory;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * What one load thread measured for one named request. Latency and service time go to
 * {@link SingleWriterRecorder}s in microseconds: recording is wait-free for the owning event loop, and the collector
 * thread takes each second's interval histogram without stopping it. Counters are plain fields written only by the
 * owning event loop and read after it has terminated; the error total is also published for the live interval view.
 */
final class RequestRecorder {
    private static final int CATEGORIES = ErrorCategory.values().length;

    final SingleWriterRecorder latency;
    final SingleWriterRecorder service;
    final long[] errors = new long[CATEGORIES];
    final long[] statuses = new long[600];
    /** Requests of this name still unanswered when the window closed, their ages (and service times), the oldest. */
    long unfinished;

    long oldestUnfinished;
    /** Failed attempts of this name retried inside the window. */
    long retries;

    /** The histograms {@link WindowRecorder#flipScratch} recycles; only the scratch recorders' are ever set. */
    Histogram scratchLatency;

    Histogram scratchService;

    final Histogram unfinishedLatency;
    final Histogram unfinishedService;

    private final AtomicLong errorTotal = new AtomicLong();
    private final AtomicLong goodTotal = new AtomicLong();
    private final long highestMicros;
    private final int digits;

    RequestRecorder(long highestMicros, int digits) {
        this.highestMicros = highestMicros;
        this.digits = digits;
        this.latency = new SingleWriterRecorder(1, highestMicros, digits);
        this.service = new SingleWriterRecorder(1, highestMicros, digits);
        this.unfinishedLatency = new Histogram(1, highestMicros, digits);
        this.unfinishedService = new Histogram(1, highestMicros, digits);
    }

    /**
     * The recorders of one load thread, one per request name. Their histograms track up to the timeout, and in the open
     * model twice that: a request may wait up to the timeout for a connection, then up to the timeout for its answer;
     * with retries, that for every attempt plus the longest backoff before each retry.
     */
    static RequestRecorder[] forRun(int requests, LoadSpec spec) {
        long attempt = Math.max(1, spec.timeout().toMicros()) * (spec.open() ? 2 : 1);
        int retries = spec.retry().retries();
        long highest = attempt * (retries + 1) + spec.retry().cap().toMicros() * retries;
        RequestRecorder[] out = new RequestRecorder[requests];
        for (int i = 0; i < requests; i++) {
            out[i] = new RequestRecorder(highest, Defaults.HISTOGRAM_DIGITS);
        }
        return out;
    }

    void record(long latencyNanos, long serviceNanos, boolean open) {
        latency.recordValue(micros(latencyNanos));
        if (open) {
            service.recordValue(micros(serviceNanos));
        }
    }

    /**
     * A request still unanswered at the window's end: its age (from the intended send), a lower bound of its
     * latency, and {@code serviceNanos} (from the actual send), or -1 when it was never sent. Kept apart from the
     * interval histograms, so that the per-second counts stay counts of responses; the collector adds them to the
     * run's latency once the thread has terminated.
     */
    void unfinished(long ageNanos, long serviceNanos, boolean open) {
        unfinished++;
        oldestUnfinished = Math.max(oldestUnfinished, ageNanos);
        unfinishedLatency.recordValue(micros(ageNanos));
        if (open && serviceNanos >= 0) {
            unfinishedService.recordValue(micros(serviceNanos));
        }
    }

    void status(int code) {
        if (code >= 0 && code < statuses.length) {
            statuses[code]++;
        }
    }

    void error(ErrorCategory kind) {
        errors[kind.ordinal()]++;
        errorTotal.lazySet(errorTotal.get() + 1);
    }

    /** A response with an expected status, within the timeout of its first attempt's intended send: goodput. */
    void good() {
        goodTotal.lazySet(goodTotal.get() + 1);
    }

    /** Good responses so far; safe to read from any thread (may lag the owner by a few). */
    long goodTotal() {
        return goodTotal.get();
    }

    /** Errors so far; safe to read from any thread (may lag the owner by a few). */
    long errorTotal() {
        return errorTotal.get();
    }

    Histogram newHistogram() {
        return new Histogram(1, highestMicros, digits);
    }

    private long micros(long nanos) {
        long us = (nanos + 500) / 1000;
        return us < 1 ? 1 : Math.min(us, highestMicros);
    }
}
