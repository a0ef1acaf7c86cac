package io.loadlab.loadgen.agents;

import io.loadlab.core.UserError;

/**
 * How a run is split over load agents: connections (and the open model's connection cap) are whole numbers divided
 * evenly with the remainder going to the first agents, so the shares add up to the total exactly; a rate is divided
 * the same way when it is a whole number of requests per second, else evenly.
 */
public final class AgentShare {
    private AgentShare() {}

    /** Agent {@code index}'s part of {@code total} things over {@code agents} agents. */
    public static int of(int total, int agents, int index) {
        check(agents, index);
        return total / agents + (index < total % agents ? 1 : 0);
    }

    /** Agent {@code index}'s part of a rate of {@code totalPerSecond} over {@code agents} agents. */
    public static double rate(double totalPerSecond, int agents, int index) {
        check(agents, index);
        if (totalPerSecond == Math.rint(totalPerSecond) && totalPerSecond < Long.MAX_VALUE) {
            long t = (long) totalPerSecond;
            return t / agents + (index < t % agents ? 1 : 0);
        }
        return totalPerSecond / agents;
    }

    /** Rejects an agent count or index that cannot be. */
    public static void check(int agents, int index) {
        if (agents < 1) {
            throw new UserError("--agents must be at least 1, got " + agents);
        }
        if (index < 0 || index >= agents) {
            throw new UserError("agent index " + index + " is outside 0.." + (agents - 1) + " for --agents " + agents
                    + "; check --index or JOB_COMPLETION_INDEX");
        }
    }
}
