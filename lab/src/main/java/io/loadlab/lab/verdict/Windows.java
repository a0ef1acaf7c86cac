package io.loadlab.lab.verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The per-second latency histograms of a measured window, read back from the load generator's histogram log: the
 * untagged (all requests) intervals of non-zero length. The zero-length interval at the window's end, which holds the
 * unfinished requests, is not a second of responses and is left out.
 */
public final class Windows {
    private Windows() {}

    /** The window's seconds in order; empty when there is no log or it cannot be read. */
    public static List<Histogram> read(Path hlog) {
        List<Histogram> out = new ArrayList<>();
        if (hlog == null || !Files.isRegularFile(hlog)) {
            return out;
        }
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (h.getTag() == null
                        && h instanceof Histogram hist
                        && hist.getEndTimeStamp() > hist.getStartTimeStamp()) {
                    out.add(hist);
                }
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return out;
    }
}
