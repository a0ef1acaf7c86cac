package io.loadlab.loadgen.agents;

import io.loadlab.core.result.IntervalStats;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The merged timeline: interval {@code i} is the sum of every agent's interval {@code i}, which covers the same
 * second of the wall clock because the agents opened their windows at one shared instant (an agent that drifted is
 * flagged, not re-binned). Counts come from the agents' reports, percentiles from the sum of their interval
 * histograms; the last interval's p99 and max also see the tail (the unfinished requests), as a single run's do.
 */
final class AgentTimeline {
    private AgentTimeline() {}

    static List<IntervalStats> merge(List<AgentRun> runs, long startEpochMicros, Path hlog) throws IOException {
        int n = runs.stream()
                .mapToInt(r -> r.record().report().intervals().size())
                .max()
                .orElse(0);
        List<IntervalStats> out = new ArrayList<>(n);
        PrintStream stream = hlog == null ? null : AgentMerge.open(hlog);
        try {
            HistogramLogWriter log = stream == null ? null : AgentMerge.logWriter(stream, startEpochMicros / 1000);
            double from = 0;
            for (int i = 0; i < n; i++) {
                int at = i;
                Histogram h = sumOf(
                        runs, r -> r.intervals().size() > at ? r.intervals().get(at) : null);
                long requests = 0;
                double rps = 0;
                long errors = 0;
                Long good = null;
                double t = 0;
                for (AgentRun r : runs) {
                    List<IntervalStats> own = r.record().report().intervals();
                    if (own.size() > i) {
                        IntervalStats s = own.get(i);
                        requests += s.requests();
                        rps += s.throughputRps();
                        errors += s.errors();
                        if (s.goodput() != null) {
                            good = (good == null ? 0 : good) + s.goodput();
                        }
                        t = Math.max(t, s.tS());
                    }
                }
                Histogram tail = i == n - 1 ? sumOf(runs, AgentRun::tail) : null;
                double p99 = h == null || h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99) / 1e3;
                double max = h == null || h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1e3;
                if (tail != null && tail.getTotalCount() > 0) {
                    p99 = Math.max(p99, tail.getValueAtPercentile(99) / 1e3);
                    max = Math.max(max, tail.getMaxValue() / 1e3);
                }
                out.add(new IntervalStats(
                        t,
                        requests,
                        AgentMerge.round3(rps),
                        h == null || h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(50) / 1e3,
                        p99,
                        max,
                        errors,
                        good));
                if (log != null && h != null) {
                    log.outputIntervalHistogram(from, t, h, 1000.0);
                }
                if (log != null && tail != null) {
                    log.outputIntervalHistogram(t, t, tail, 1000.0);
                }
                from = t;
            }
        } finally {
            if (stream != null) {
                stream.close();
            }
        }
        return out;
    }

    private static Histogram sumOf(List<AgentRun> runs, java.util.function.Function<AgentRun, Histogram> pick) {
        Histogram out = null;
        for (AgentRun r : runs) {
            Histogram h = pick.apply(r);
            if (h == null) {
                continue;
            }
            if (out == null) {
                out = h.copy();
                out.setAutoResize(true);
            } else {
                out.add(h);
            }
        }
        return out;
    }
}
