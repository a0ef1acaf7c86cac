package io.loadlab.report;

import io.loadlab.core.result.TrialResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The per-second windows of one named request of a mix, read from the trial's histogram log: load.json keeps its
 * per-second intervals for all requests together, the log keeps one tagged histogram per request name and second.
 * The last interval of the log, of length zero, holds the requests unfinished at the window's end and is no window.
 */
final class RequestWindows {
    private RequestWindows() {}

    /** Throughput (req/s) or p99 (ms) of {@code request} per second, or null when there is no log or no such tag. */
    static List<Double> of(Path resultsDir, TrialResult t, String request, boolean p99) {
        Path hlog = LatencySpectrum.hlogOf(resultsDir, t);
        if (hlog == null) {
            return null;
        }
        List<Double> out = new ArrayList<>();
        try {
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            try {
                EncodableHistogram e;
                while ((e = reader.nextIntervalHistogram()) != null) {
                    if (!request.equals(e.getTag()) || !(e instanceof Histogram h)) {
                        continue;
                    }
                    double seconds = (h.getEndTimeStamp() - h.getStartTimeStamp()) / 1e3;
                    if (seconds <= 0) {
                        continue;
                    }
                    out.add(p99 ? h.getValueAtPercentile(99) / 1e3 : h.getTotalCount() / seconds);
                }
            } finally {
                reader.close();
            }
        } catch (IOException | RuntimeException e) {
            return null; // an unreadable log leaves the significance unknown rather than guessed
        }
        return out.isEmpty() ? null : out;
    }
}
