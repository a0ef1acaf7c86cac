package io.loadlab.loadgen;

import io.loadlab.core.result.IntervalStats;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Takes each load thread's interval histograms once per interval (without stopping the threads: the recorders are
 * wait-free for their writer), merges them per request name and in total, keeps the run totals, writes the
 * HdrHistogram interval log and makes the {@link IntervalStats} of the timeline.
 *
 * <p>A {@link #rehearsal} runs the same work each second of the warm-up on stand-in recorders of its own, so that the
 * JIT has compiled it before the window: run cold, the first two collects (merging, percentiles, the log's encoding)
 * took some 0.1 s of the load generator's core in the window's first seconds.
 *
 * <p>Used by one thread, the collector (the caller of {@link LoadGenerator#run}).
 */
final class IntervalCollector implements AutoCloseable {
    /**
     * The latencies a rehearsal records into each stand-in recorder per interval, in nanoseconds: 1 us to some 15 s
     * (the histograms cap them at their highest), five per power of two, so that merging, percentiles and the log's
     * encoding walk buckets as a measured second does.
     */
    private static final long[] REHEARSAL_NANOS = rehearsalNanos();

    private final WindowRecorder[] threads;
    /** Whether the recorders are stand-ins written by {@link #rehearse} (the collector thread), not by load threads. */
    private final boolean standIns;

    private final String[] names;
    private final String[] tags;
    private final boolean open;
    private final Histogram[][] recycledLatency;
    private final Histogram[][] recycledService;
    final Histogram[] latency;
    final Histogram[] service;
    final Histogram totalLatency;
    final Histogram totalService;
    private final Histogram interval;
    private final Histogram intervalByName;
    /** The interval's responses plus, in the tail, the unfinished requests: what the run's latency and log get. */
    private final Histogram withOpen;

    private final PrintStream hlogStream;
    private final HistogramLogWriter hlog;
    private long errorsSoFar;
    private long goodSoFar;

    /** Allocates everything (before the window: none of it may delay the window's first second). */
    IntervalCollector(WindowRecorder[] threads, String[] names, boolean open, Path hlogFile) {
        this(threads, false, names, open, hlogFile == null ? null : openLog(hlogFile));
    }

    /**
     * A collector for the warm-up's rehearsal: reads {@code standIns}, recorders no load thread writes, and writes its
     * log (when {@code withLog}, as the window's collector does) to nowhere.
     */
    static IntervalCollector rehearsal(WindowRecorder[] standIns, String[] names, boolean open, boolean withLog) {
        return new IntervalCollector(
                standIns, true, names, open, withLog ? new PrintStream(OutputStream.nullOutputStream()) : null);
    }

    private IntervalCollector(
            WindowRecorder[] threads, boolean standIns, String[] names, boolean open, PrintStream hlogStream) {
        this.threads = threads;
        this.standIns = standIns;
        this.names = names;
        // the log format separates fields with commas and tags must not hold whitespace
        this.tags = Arrays.stream(names).map(n -> n.replaceAll("[\\s,]", "_")).toArray(String[]::new);
        this.open = open;
        int n = names.length;
        recycledLatency = new Histogram[threads.length][n];
        recycledService = new Histogram[threads.length][n];
        latency = new Histogram[n];
        service = new Histogram[n];
        RequestRecorder any = threads[0].recorders[0];
        for (int i = 0; i < n; i++) {
            latency[i] = any.newHistogram();
            service[i] = any.newHistogram();
        }
        totalLatency = any.newHistogram();
        totalService = any.newHistogram();
        interval = any.newHistogram();
        intervalByName = any.newHistogram();
        withOpen = any.newHistogram();
        this.hlogStream = hlogStream;
        this.hlog = hlogStream == null ? null : new HistogramLogWriter(hlogStream);
    }

    private static PrintStream openLog(Path hlogFile) {
        try {
            Path dir = hlogFile.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            return new PrintStream(Files.newOutputStream(hlogFile), false, "US-ASCII");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write --hlog " + hlogFile + ": " + e.getMessage(), e);
        }
    }

    /**
     * The window opens at {@code startEpochMs}: the log's header is written. Nothing of the warm-up is in the
     * recorders to throw away: the load threads record the warm-up into scratch recorders of their own.
     */
    void begin(long startEpochMs) {
        if (hlog != null) {
            hlog.outputComment("loadlab load: latency in microseconds; one tag per request name, untagged = total");
            hlog.outputLogFormatVersion();
            hlog.outputStartTime(startEpochMs);
            hlog.setBaseTime(startEpochMs);
            hlog.outputLegend();
        }
    }

    /**
     * A rehearsal's second: records {@link #REHEARSAL_NANOS} into every stand-in recorder, then collects them as
     * {@link #collect} collects a measured second, the listener's side included. Only on a {@link #rehearsal}.
     */
    void rehearse(double fromS, double toS, ProgressListener listener) {
        if (!standIns) {
            throw new IllegalStateException("only a rehearsal's collector records into its recorders");
        }
        for (WindowRecorder t : threads) {
            for (RequestRecorder r : t.recorders) {
                for (long v : REHEARSAL_NANOS) {
                    r.record(v, v, open);
                }
            }
        }
        listener.rehearse(collect(fromS, toS));
    }

    private static long[] rehearsalNanos() {
        long[] v = new long[24 * 5];
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.round(1_000 * Math.pow(2, i / 5.0));
        }
        return v;
    }

    /** Collects the interval {@code [fromS, toS)} (seconds since the measured start). */
    IntervalStats collect(double fromS, double toS) {
        return collect(fromS, toS, false);
    }

    /**
     * Collects what arrived after the last interval, once the workers have terminated, together with the requests
     * unfinished when the window closed: they enter the run's latency and the histogram log (one last interval at
     * the window's end), but the returned interval counts only responses.
     */
    IntervalStats collectTail(double atS) {
        return collect(atS, atS, true);
    }

    private IntervalStats collect(double fromS, double toS, boolean withUnfinished) {
        interval.reset();
        withOpen.reset();
        for (int r = 0; r < names.length; r++) {
            intervalByName.reset();
            for (int w = 0; w < threads.length; w++) {
                RequestRecorder rec = threads[w].recorders[r];
                Histogram h = rec.latency.getIntervalHistogram(recycledLatency[w][r]);
                recycledLatency[w][r] = h;
                intervalByName.add(h);
                if (open) {
                    Histogram s = rec.service.getIntervalHistogram(recycledService[w][r]);
                    recycledService[w][r] = s;
                    service[r].add(s);
                    totalService.add(s);
                }
            }
            interval.add(intervalByName); // responses only: the interval's own statistics
            if (withUnfinished) {
                for (WindowRecorder t : threads) {
                    RequestRecorder rec = t.recorders[r];
                    intervalByName.add(rec.unfinishedLatency);
                    if (open) {
                        service[r].add(rec.unfinishedService);
                        totalService.add(rec.unfinishedService);
                    }
                }
            }
            latency[r].add(intervalByName);
            withOpen.add(intervalByName);
            if (hlog != null && names.length > 1) {
                intervalByName.setTag(tags[r]);
                hlog.outputIntervalHistogram(fromS, toS, intervalByName, 1000.0);
                intervalByName.setTag(null);
            }
        }
        totalLatency.add(withOpen);
        if (hlog != null) {
            hlog.outputIntervalHistogram(fromS, toS, withOpen, 1000.0);
            hlogStream.flush();
        }
        long errorsNow = errors();
        long errs = errorsNow - errorsSoFar;
        errorsSoFar = errorsNow;
        long goodNow = good();
        long good = goodNow - goodSoFar;
        goodSoFar = goodNow;
        long count = interval.getTotalCount();
        double len = Math.max(1e-9, toS - fromS);
        return new IntervalStats(
                round3(toS),
                count,
                round3(count / len),
                count == 0 ? 0 : interval.getValueAtPercentile(50) / 1e3,
                count == 0 ? 0 : interval.getValueAtPercentile(99) / 1e3,
                count == 0 ? 0 : interval.getMaxValue() / 1e3,
                errs,
                good);
    }

    /** Good responses so far, over all threads (goodput). */
    long good() {
        long n = 0;
        for (WindowRecorder t : threads) {
            for (RequestRecorder r : t.recorders) {
                n += r.goodTotal();
            }
        }
        return n;
    }

    private long errors() {
        long n = 0;
        for (WindowRecorder t : threads) {
            n += t.connectErrors;
            for (RequestRecorder r : t.recorders) {
                n += r.errorTotal();
            }
        }
        return n;
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    @Override
    public void close() {
        if (hlogStream != null) {
            hlogStream.close();
        }
    }
}
