package io.loadlab.lab.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The latest second of a histogram log that the load generator is still writing, for the live progress line: its
 * throughput and p99. Re-reads the (small: one line per second and tag) file on each call; a line caught half
 * written is skipped until the next call. Not thread-safe.
 */
public final class HlogTail {
    /** One interval: requests per second and p99 in milliseconds. */
    public record Live(double rps, double p99Ms) {}

    private final Path file;

    public HlogTail(Path file) {
        this.file = file;
    }

    /** The last untagged (all requests) interval with answers in it, or null when there is none yet. */
    public Live latest() {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Histogram last = null;
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (h.getTag() == null && h instanceof Histogram hist && hist.getTotalCount() > 0) {
                    last = hist;
                }
            }
        } catch (IOException | RuntimeException partialLine) {
            // keep what was read
        }
        if (last == null) {
            return null;
        }
        double seconds = (last.getEndTimeStamp() - last.getStartTimeStamp()) / 1000.0;
        double rps = seconds > 0 ? last.getTotalCount() / seconds : 0;
        return new Live(rps, last.getValueAtPercentile(99) / 1000.0);
    }
}
