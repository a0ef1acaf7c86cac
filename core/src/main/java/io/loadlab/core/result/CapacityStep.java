package io.loadlab.core.result;

/**
 * One step of a capacity search: a trial at one offered rate, and how the search judged it.
 *
 * @param trialId the id of its trial in {@code trials}
 * @param outcome {@link #PASS}, {@link #FAIL}, {@link #LAB_LIMIT} (the lab could not measure it: the search stopped
 *     with a lower bound) or {@link #BROKEN} (the trial could not run: the search stopped)
 * @param why what failed or stopped it; for a pass, the figures that passed
 */
public record CapacityStep(double rateRps, String trialId, String outcome, String why) {
    public static final String PASS = "pass";
    public static final String FAIL = "fail";
    public static final String LAB_LIMIT = "lab_limit";
    public static final String BROKEN = "broken";

    public boolean passed() {
        return PASS.equals(outcome);
    }
}
