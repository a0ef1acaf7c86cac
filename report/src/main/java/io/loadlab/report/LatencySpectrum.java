package io.loadlab.report;

import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.TrialResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;

/**
 * A trial's latency percentile spectrum as (percentile, ms) points. Taken from the trial's HdrHistogram log when it is
 * there (the untagged interval histograms, merged — never percentiles averaged), otherwise from the percentiles in
 * load.json.
 */
final class LatencySpectrum {
    private static final int TICKS_PER_HALF_DISTANCE = 4;
    private static final double MAX_PERCENTILE = 99.999;

    private LatencySpectrum() {}

    static List<double[]> of(Path resultsDir, TrialResult t) {
        Path hlog = hlogOf(resultsDir, t);
        if (hlog != null) {
            try {
                List<double[]> points = fromLog(hlog);
                if (!points.isEmpty()) {
                    return points;
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable log falls back to the summary percentiles, which results.json always has
            }
        }
        return fromStats(t.load().latencyMs());
    }

    /** The trial's histogram log, or null when it has none or the file is missing. */
    static Path hlogOf(Path resultsDir, TrialResult t) {
        if (resultsDir == null || t.files() == null) {
            return null;
        }
        for (String path : t.files().values()) {
            if (path != null && path.endsWith(".hlog")) {
                Path p = resultsDir.resolve(path);
                return Files.isRegularFile(p) ? p : null;
            }
        }
        return null;
    }

    private static List<double[]> fromLog(Path file) throws IOException {
        Histogram total = null;
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        try {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (h.getTag() != null || !(h instanceof Histogram interval)) {
                    continue; // tagged histograms are per request name; the untagged one is the total
                }
                if (total == null) {
                    total = new Histogram(
                            interval.getLowestDiscernibleValue(),
                            interval.getHighestTrackableValue(),
                            interval.getNumberOfSignificantValueDigits());
                    total.setAutoResize(true);
                }
                total.add(interval);
            }
        } finally {
            reader.close();
        }
        List<double[]> points = new ArrayList<>();
        if (total == null || total.getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue v : total.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double pct = v.getPercentileLevelIteratedTo();
            if (pct > MAX_PERCENTILE) {
                break;
            }
            points.add(new double[] {pct, v.getValueIteratedTo() / 1e3});
        }
        points.add(new double[] {100, total.getMaxValue() / 1e3});
        return points;
    }

    static List<double[]> fromStats(LatencyStats l) {
        if (l == null || l.count() == 0) {
            return List.of();
        }
        return List.of(
                new double[] {50, l.p50()},
                new double[] {75, l.p75()},
                new double[] {90, l.p90()},
                new double[] {99, l.p99()},
                new double[] {99.9, l.p999()},
                new double[] {99.99, l.p9999()},
                new double[] {100, l.max()});
    }
}
