package io.loadlab.core.result;

import java.util.List;

/**
 * A process's stop-the-world garbage-collection pauses over its per-second samples ({@link ProcessSample#gcPauses}):
 * how many, their milliseconds, the second (as the samples stamp it, -1 when none) with the most of them and those
 * milliseconds, and the first second with any. What the verdicts say of a window and what the report shows of a
 * trial.
 */
public record GcPauses(int count, double ms, double worstSecond, double worstMs, double firstSecond) {
    public static final GcPauses NONE = new GcPauses(0, 0, -1, 0, -1);

    /**
     * The pauses of the samples stamped up to {@code untilS}; null when there are none or one carries no figure (the
     * lab has no log of the process: unknown, not zero).
     */
    public static GcPauses of(List<ProcessSample> samples, double untilS) {
        int count = 0;
        double ms = 0;
        double worstSecond = -1;
        double worstMs = 0;
        double firstSecond = -1;
        boolean any = false;
        for (ProcessSample s : samples) {
            if (s.tS() > untilS) {
                continue;
            }
            if (s.gcPauses() == null) {
                return null;
            }
            any = true;
            count += s.gcPauses();
            ms += s.gcPauseMs();
            if (s.gcPauses() > 0 && firstSecond < 0) {
                firstSecond = s.tS();
            }
            if (s.gcPauseMs() > worstMs) {
                worstMs = s.gcPauseMs();
                worstSecond = s.tS();
            }
        }
        return any ? new GcPauses(count, ms, worstSecond, worstMs, firstSecond) : null;
    }
}
