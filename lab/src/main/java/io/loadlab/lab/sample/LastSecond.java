package io.loadlab.lab.sample;

import java.util.ArrayDeque;

/**
 * The rate of a growing count over the last second of samples: the newest sample at least a second old is kept as the
 * span's start, so a caller polling every 100–200 ms reads a rate over one second and a bit. Not thread-safe.
 */
final class LastSecond {
    private static final long SECOND = 1_000_000_000L;

    private final ArrayDeque<long[]> samples = new ArrayDeque<>();

    /** Adds the count at {@code now} (nanoseconds); returns its growth per nanosecond, NaN before a second. */
    double rate(long now, long count) {
        samples.addLast(new long[] {now, count});
        while (samples.size() > 1) {
            var it = samples.iterator();
            it.next();
            if (now - it.next()[0] < SECOND) {
                break;
            }
            samples.removeFirst();
        }
        long[] start = samples.peekFirst();
        if (now - start[0] < SECOND) {
            return Double.NaN;
        }
        return (count - start[1]) / (double) (now - start[0]);
    }
}
