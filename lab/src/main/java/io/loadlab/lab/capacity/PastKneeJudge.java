package io.loadlab.lab.capacity;

import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.PastKnee;
import io.loadlab.core.result.TrialResult;

/**
 * What a model did held past its capacity: it <b>collapses</b> when it serves under {@link #COLLAPSED} of its capacity,
 * <b>queues</b> when it keeps serving about its capacity but late (the objective's percentile past its bound: what it
 * serves is no longer good), and <b>sheds</b> when it keeps the objective for what it serves by refusing the excess.
 */
public final class PastKneeJudge {
    /** Serving under this share of the capacity is a collapse. */
    static final double COLLAPSED = 0.8;

    /** The multiples of the capacity each found capacity is held at. */
    public static final double[] FACTORS = {1.5, 3};

    private PastKneeJudge() {}

    public static PastKnee judge(
            double factor, double rate, String trialId, TrialResult r, CapacityGoal goal, double capacity) {
        LoadReport l = r.load();
        if (l == null) {
            return new PastKnee(factor, rate, trialId, 0, 0, 0, 0, 0, null);
        }
        double served = l.requests() == 0 ? 0 : l.throughput().rps() * l.successes() / l.requests();
        double latency = goal.latencyOf(l.latencyMs());
        String behaviour = served < COLLAPSED * capacity
                ? PastKnee.COLLAPSES
                : latency > goal.sloMs() ? PastKnee.QUEUES : PastKnee.SHEDS;
        return new PastKnee(
                factor, rate, trialId, l.throughput().rps(), served, l.errorRate(), l.rejections(), latency, behaviour);
    }
}
