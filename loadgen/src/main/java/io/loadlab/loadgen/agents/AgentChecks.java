package io.loadlab.loadgen.agents;

import io.loadlab.core.result.AgentStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.VerdictDefaults;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Each agent's line in a merged report, with what was wrong with it. An agent <em>saturated</em> when its own CPU
 * left less idle than the lab's {@code LOADGEN_SATURATED} threshold ({@link VerdictDefaults#LOADGEN_MIN_IDLE}) on the
 * cores it could use — the same signal the lab reads from a single load generator's cores, taken here from the
 * agent's CPU time, since an agent on another host is not sampled — or, in the open model, when it achieved less
 * than {@link AgentDefaults#RATE_HELD} of its share of the rate. Its window <em>drifted</em> when it opened more than
 * {@link AgentDefaults#DRIFT_TOLERANCE_MS} from the shared start instant.
 */
public final class AgentChecks {
    private AgentChecks() {}

    static List<AgentStats> stats(List<AgentRun> runs, AgentMerge.Window window) {
        List<AgentStats> out = new ArrayList<>(runs.size());
        for (AgentRun a : runs) {
            AgentRecord r = a.record();
            LoadReport rep = r.report();
            double duration = rep.run().durationS();
            int cores = Math.max(1, Math.min(r.threads(), r.cpus()));
            double busy = r.cpuSeconds() < 0 ? -1 : r.cpuSeconds() / duration / cores;
            double drift = (r.windowStartEpochMicros() - window.sharedStartEpochMicros()) / 1e3;
            List<String> warnings = new ArrayList<>();
            boolean saturated = false;
            if (busy > 1 - VerdictDefaults.LOADGEN_MIN_IDLE) {
                saturated = true;
                warnings.add(String.format(
                        Locale.ROOT,
                        "saturated: its CPU was %.0f%% busy on %d core%s (needs %.0f%% idle); its share of the load"
                                + " measured the agent, not the server: add agents or give each more cores",
                        Math.min(100, busy * 100),
                        cores,
                        cores == 1 ? "" : "s",
                        VerdictDefaults.LOADGEN_MIN_IDLE * 100));
            }
            if (r.targetRps() != null && rep.throughput().rps() < r.targetRps() * AgentDefaults.RATE_HELD) {
                saturated = true;
                warnings.add(String.format(
                        Locale.ROOT,
                        "could not hold its rate: %.1f of %.1f req/s (%.0f%%)",
                        rep.throughput().rps(),
                        r.targetRps(),
                        100 * rep.throughput().rps() / r.targetRps()));
            }
            if (Math.abs(drift) > AgentDefaults.DRIFT_TOLERANCE_MS) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "drifted: its window opened %.1f ms %s the shared start (tolerance %.0f ms)%s",
                        Math.abs(drift),
                        drift > 0 ? "after" : "before",
                        AgentDefaults.DRIFT_TOLERANCE_MS,
                        r.startAtEpochMicros() == null ? "; it was given no start instant" : ""));
            }
            out.add(new AgentStats(
                    r.index(),
                    rep.run().connections(),
                    r.targetRps(),
                    rep.requests(),
                    rep.throughput().rps(),
                    rep.latencyMs(),
                    rep.errors(),
                    rep.unfinished(),
                    rep.connections().maxOpened(),
                    r.cpuSeconds(),
                    busy < 0 ? -1 : Math.round(busy * 1000) / 1000.0,
                    r.windowStartEpochMicros() / 1e3,
                    r.windowEndEpochMicros() / 1e3,
                    Math.round(drift * 1000) / 1000.0,
                    saturated,
                    List.copyOf(warnings)));
        }
        return out;
    }

    /** Every agent's warnings as lines {@code agent N: ...}; empty when all agents were fine. */
    public static List<String> verdict(List<AgentStats> agents) {
        List<String> out = new ArrayList<>();
        if (agents == null) {
            return out;
        }
        for (AgentStats a : agents) {
            for (String w : a.warnings()) {
                out.add("agent " + a.index() + " " + w);
            }
        }
        return out;
    }
}
