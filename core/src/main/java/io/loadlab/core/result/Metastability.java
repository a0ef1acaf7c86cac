package io.loadlab.core.result;

import java.util.List;

/**
 * What a trial with a trigger did before, during and after it: its backend slowed for a while in the middle of the
 * window, or a dependency failed on purpose (a fault: PostgreSQL or the backend killed and restarted, or stopped and
 * continued). Goodput per second, and whether and when it recovered. Goodput is the responses that succeeded within
 * the load generator's timeout of their first attempt's intended send.
 *
 * @param triggerAtS when the slowdown or the fault began, seconds into the window
 * @param triggerForS how long it lasted: for a fault, until the dependency answered again
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
 * @param cause what happened ({@code PostgreSQL killed (SIGKILL) and restarted}); null for a backend slowdown
 * @param errorsDuring requests that failed from the trigger's start to its end (the outage); null when not counted
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
        List<Point> timeline,
        String cause,
        Long errorsDuring) {

    /** One second: its end in seconds from the window's start, its goodput and its throughput per second. */
    public record Point(double tS, double goodputRps, double throughputRps) {}

    public Metastability {
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }

    /** A backend slowdown's timeline, its errors not counted apart. */
    public Metastability(
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
        this(
                triggerAtS,
                triggerForS,
                retries,
                beforeRps,
                duringRps,
                afterRps,
                recoveryS,
                downS,
                metastable,
                timeline,
                null,
                null);
    }

    /** True for a dependency that failed on purpose, not a slowdown. */
    public boolean fault() {
        return cause != null;
    }
}
