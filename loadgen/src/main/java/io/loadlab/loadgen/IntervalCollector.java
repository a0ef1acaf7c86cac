package io.loadlab.loadgen;

import io.loadlab.core.result.IntervalStats;
import java.io.IOException;
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
 * <p>Used by one thread, the collector (the caller of {@link LoadGenerator#run}).
 */
final class IntervalCollector implements AutoCloseable {
    private final Worker[] workers;
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
    IntervalCollector(Worker[] workers, String[] names, boolean open, Path hlogFile) {
        this.workers = workers;
        this.names = names;
        // the log format separates fields with commas and tags must not hold whitespace
        this.tags = Arrays.stream(names).map(n -> n.replaceAll("[\\s,]", "_")).toArray(String[]::new);
        this.open = open;
        int n = names.length;
        recycledLatency = new Histogram[workers.length][n];
        recycledService = new Histogram[workers.length][n];
        latency = new Histogram[n];
        service = new Histogram[n];
        RequestRecorder any = workers[0].recorder.recorders[0];
        for (int i = 0; i < n; i++) {
            latency[i] = any.newHistogram();
            service[i] = any.newHistogram();
        }
        totalLatency = any.newHistogram();
        totalService = any.newHistogram();
        interval = any.newHistogram();
        intervalByName = any.newHistogram();
        withOpen = any.newHistogram();
        if (hlogFile != null) {
            try {
                Path dir = hlogFile.toAbsolutePath().getParent();
                Files.createDirectories(dir);
                hlogStream = new PrintStream(Files.newOutputStream(hlogFile), false, "US-ASCII");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write --hlog " + hlogFile + ": " + e.getMessage(), e);
            }
            hlog = new HistogramLogWriter(hlogStream);
        } else {
            hlogStream = null;
            hlog = null;
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
            for (int w = 0; w < workers.length; w++) {
                RequestRecorder rec = workers[w].recorder.recorders[r];
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
                for (Worker w : workers) {
                    RequestRecorder rec = w.recorder.recorders[r];
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
        for (Worker w : workers) {
            for (RequestRecorder r : w.recorder.recorders) {
                n += r.goodTotal();
            }
        }
        return n;
    }

    private long errors() {
        long n = 0;
        for (Worker w : workers) {
            n += w.recorder.connectErrors;
            for (RequestRecorder r : w.recorder.recorders) {
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
