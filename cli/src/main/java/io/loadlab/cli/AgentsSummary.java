package io.loadlab.cli;

import io.loadlab.core.result.AgentStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.loadgen.LoadResult;
import io.loadlab.loadgen.LoadSummary;
import io.loadlab.loadgen.agents.AgentChecks;
import io.loadlab.loadgen.agents.AgentMerge;
import java.util.Locale;

/** The human summary of a merged run: the usual summary of the totals, then one line per agent and its warnings. */
final class AgentsSummary {
    private AgentsSummary() {}

    static String format(AgentMerge.Merged m, boolean spectrum) {
        LoadReport r = m.report();
        StringBuilder b = new StringBuilder(LoadSummary.format(new LoadResult(r, m.latency(), null, -1), spectrum));
        b.append(String.format(
                Locale.ROOT,
                "  Agents: %d, merged exactly (histograms added); common window %.3fs%n",
                r.agents().size(),
                r.run().durationS()));
        b.append(String.format(
                Locale.ROOT,
                "  %5s %8s %10s %10s %10s %10s %7s %9s %9s%n",
                "Agent",
                "Conns",
                "Requests",
                "Req/s",
                "p50",
                "p99",
                "Errors",
                "CPU busy",
                "Drift"));
        for (AgentStats a : r.agents()) {
            b.append(String.format(
                    Locale.ROOT,
                    "  %5d %8d %10d %10.1f %10s %10s %7d %9s %7.1fms%n",
                    a.index(),
                    a.connections(),
                    a.requests(),
                    a.rps(),
                    ms(a.latencyMs().p50()),
                    ms(a.latencyMs().p99()),
                    a.errors().total(),
                    a.cpuBusy() < 0 ? "?" : String.format(Locale.ROOT, "%.0f%%", a.cpuBusy() * 100),
                    a.driftMs()));
        }
        for (String w : AgentChecks.verdict(r.agents())) {
            b.append("  ").append(w).append('\n');
        }
        for (String n : m.notes()) {
            b.append("  ").append(n).append('\n');
        }
        return b.toString();
    }

    private static String ms(double ms) {
        return ms < 1 ? String.format(Locale.ROOT, "%.0fus", ms * 1000) : String.format(Locale.ROOT, "%.2fms", ms);
    }
}
