package io.loadlab.loadgen;

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
    final SingleWriterRecorder latency;
    final SingleWriterRecorder service;
    final long[] errors = new long[ErrorKind.ALL.length];
    final long[] statuses = new long[600];
    private final AtomicLong errorTotal = new AtomicLong();
    private final long highestMicros;
    private final int digits;

    RequestRecorder(long highestMicros, int digits) {
        this.highestMicros = highestMicros;
        this.digits = digits;
        this.latency = new SingleWriterRecorder(1, highestMicros, digits);
        this.service = new SingleWriterRecorder(1, highestMicros, digits);
    }

    void record(long latencyNanos, long serviceNanos, boolean open) {
        latency.recordValue(micros(latencyNanos));
        if (open) {
            service.recordValue(micros(serviceNanos));
        }
    }

    void status(int code) {
        if (code >= 0 && code < statuses.length) {
            statuses[code]++;
        }
    }

    void error(ErrorKind kind) {
        errors[kind.ordinal()]++;
        errorTotal.lazySet(errorTotal.get() + 1);
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
