package io.loadlab.core.result;

/**
 * Requests still waiting for their response when the measured window closed: sent and not yet answered, and in the
 * open model also due and never sent (no connection was free). Each entered the latency histogram at its age when
 * the window closed — a lower bound of its latency, since it had not finished.
 *
 * @param count how many
 * @param oldestAgeMs the age of the oldest, from its (intended) send time to the window's end; 0 when none
 */
public record Unfinished(long count, double oldestAgeMs) {
    public static final Unfinished NONE = new Unfinished(0, 0);
}
