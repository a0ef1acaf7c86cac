package io.loadlab.core.result;

import java.util.List;

/**
 * What a trial with a trigger (its backend slowed for a while in the middle of the window) did before, during and
 * after it: goodput per second, and whether and when it recovered. Goodput is the responses that succeeded within the
 * load generator's timeout of their first attempt's intended send.
 *
 * @param triggerAtS when the slowdown began, seconds into the window
 * @param triggerForS how long it lasted
 * @param retries the client retries of the trial (0: the control)
 * @param beforeRps mean goodput per second before the trigger
 * @param duringRps mean goodput per second during it
 * @param afterRps mean goodput per second after it
 * @param recoveryS seconds from the trigger's end to the first second with goodput at 90% of {@code beforeRps};
 *     null when it never got there in the window
 * @param downS seconds from the trigger's end until goodput first came back above half of {@code beforeRps} (to the
 *     window's end when it never did)
 * @param metastable whether {@code downS} passed the threshold
 * @param timeline the window second by second
 */
public record Metastability(
        double triggerAtS,
        double triggerForS,
        int retries,
        double beforeRps,
        double duringRps,
        double afterRps,
        Double recoveryS,
        double downS,
        boolean metastable,
        List<Point> timeline) {

    /** One second: its end in seconds from the window's start, its goodput and its throughput per second. */
    public record Point(double tS, double goodputRps, double throughputRps) {}

    public Metastability {
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }
}
