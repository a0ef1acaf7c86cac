package io.loadlab.loadgen.agents;

import io.loadlab.core.UserError;
import io.loadlab.core.unit.Rate;
import io.loadlab.loadgen.LoadSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Agent {@code index}'s part of a run split over {@code agents} load agents, and the only place that computes it:
 * connections and the open model's cap on them are whole numbers divided evenly with the remainder going to the
 * first agents, so the shares add up to the total exactly; a rate is divided the same way when it is a whole number
 * of requests per second, else evenly. An agent's cap is never below its own connections.
 */
public record AgentShare(int agents, int index) {
    /** The load of one agent: its connections, its cap on connections (open model) and its rate (null: closed). */
    public record Load(int connections, int maxConnections, Double ratePerSecond) {}

    /** Rejects an agent count or index that cannot be. */
    public AgentShare {
        if (agents < 1) {
            throw new UserError("--agents must be at least 1, got " + agents);
        }
        if (index < 0 || index >= agents) {
            throw new UserError("agent index " + index + " is outside 0.." + (agents - 1) + " for --agents " + agents
                    + "; check --index or JOB_COMPLETION_INDEX");
        }
    }

    /** Every agent's share of {@code whole}, in index order; a run that cannot be split is a user error here. */
    public static List<LoadSpec> split(LoadSpec whole, int agents) {
        List<LoadSpec> out = new ArrayList<>(agents);
        for (int i = 0; i < agents; i++) {
            out.add(new AgentShare(agents, i).of(whole));
        }
        return out;
    }

    /** This agent's part of {@code whole}: the same run with its share of the load. */
    public LoadSpec of(LoadSpec whole) {
        Load l = of(
                whole.connections(),
                whole.maxConnections(),
                whole.rate() == null ? null : whole.rate().perSecond());
        return whole.withLoad(
                l.connections(),
                l.maxConnections(),
                l.ratePerSecond() == null ? null : Rate.perSecond(l.ratePerSecond()));
    }

    /** This agent's part of {@code connections}, {@code maxConnections} and {@code ratePerSecond} (null: closed). */
    public Load of(int connections, int maxConnections, Double ratePerSecond) {
        if (connections < agents) {
            throw new UserError("-c " + connections + " is fewer than --agents " + agents
                    + ": every agent needs at least one connection");
        }
        int own = part(connections);
        return new Load(own, Math.max(own, part(maxConnections)), ratePerSecond == null ? null : rate(ratePerSecond));
    }

    /** This agent's part of {@code total} things. */
    int part(int total) {
        return total / agents + (index < total % agents ? 1 : 0);
    }

    /** This agent's part of a rate of {@code totalPerSecond}. */
    double rate(double totalPerSecond) {
        if (totalPerSecond == Math.rint(totalPerSecond) && totalPerSecond < Long.MAX_VALUE) {
            long t = (long) totalPerSecond;
            return t / agents + (index < t % agents ? 1 : 0);
        }
        return totalPerSecond / agents;
    }
}
