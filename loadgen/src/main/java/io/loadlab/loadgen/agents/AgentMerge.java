package io.loadlab.loadgen.agents;

import io.loadlab.core.UserError;
import io.loadlab.core.result.AnswerChecks;
import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.ConnectionStats;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.Goodput;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.LoadSettings;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.Retries;
import io.loadlab.core.result.Share;
import io.loadlab.core.result.Throughput;
import io.loadlab.core.result.Unfinished;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Merges the outputs of load agents into one {@link LoadReport}, exactly: latency and service time are the sums of
 * the agents' HdrHistograms (recorded with the same settings), so every merged percentile is the percentile of every
 * request any agent recorded — never an average of the agents' percentiles, which is not a percentile at all. Counts
 * (requests, bytes, errors by category, statuses, unfinished requests, delayed requests) are sums, per-connection
 * counts are concatenated before the fairness is taken, and each second of the timeline is the sum of the agents'
 * same second (they share their start instant). The merged window is the common window: from the latest agent's
 * start to the earliest agent's end; the achieved rate is the sum of the agents' rates, each over its own window.
 *
 * <p>Pure: reads nothing but its arguments, except for writing the merged histogram log when asked.
 */
public final class AgentMerge {
    private AgentMerge() {}

    /**
     * The merged report, the merged latency histogram (for the full percentile spectrum), and what the merge itself
     * has to say about its inputs (e.g. agents missing), in words.
     */
    public record Merged(LoadReport report, Histogram latency, List<String> notes) {}

    /**
     * Merges {@code runs}; writes the merged histogram log (the total per interval) to {@code hlog} unless it is null.
     */
    public static Merged merge(List<AgentRun> runs, Path hlog) throws IOException {
        if (runs.isEmpty()) {
            throw new UserError("nothing to merge: no agent output given");
        }
        List<AgentRun> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparingInt(r -> r.record().index()));
        List<String> notes = check(sorted);
        LoadReport first = sorted.get(0).record().report();
        boolean open = first.run().open();

        Histogram latency = sum(sorted, r -> AgentRecord.decode(r.latency()));
        Histogram service = open ? sum(sorted, r -> AgentRecord.decode(r.serviceTime())) : null;

        long requests = 0;
        double rps = 0;
        long bytes = 0;
        ErrorCounts errors = ErrorCounts.NONE;
        Map<Integer, Long> statuses = new TreeMap<>();
        long unfinished = 0;
        double oldest = 0;
        int maxOpened = 0;
        long delayed = 0;
        Long serverCloses = 0L;
        int threads = 0;
        int connections = 0;
        int maxConnections = 0;
        double targetRps = 0;
        double warmup = 0;
        List<long[]> perConnection = new ArrayList<>();
        long good = 0;
        double goodRps = 0;
        long retried = 0;
        for (AgentRun a : sorted) {
            LoadReport r = a.record().report();
            if (r.goodput() != null) {
                good += r.goodput().requests();
                goodRps += r.goodput().rps();
            }
            retried += r.retries() == null ? 0 : r.retries().count();
            requests += r.requests();
            rps += r.throughput().rps();
            bytes += r.throughput().bytesRead();
            errors = errors.plus(r.errors());
            r.statusCodes().forEach((k, v) -> statuses.merge(Integer.parseInt(k), v, Long::sum));
            if (r.unfinished() != null) {
                unfinished += r.unfinished().count();
                oldest = Math.max(oldest, r.unfinished().oldestAgeMs());
            }
            maxOpened += r.connections().maxOpened();
            delayed += r.connections().delayedRequests();
            Long closes = r.connections().serverCloses();
            serverCloses = serverCloses == null || closes == null ? null : serverCloses + closes;
            threads += r.run().threads();
            connections += r.run().connections();
            maxConnections += r.run().maxConnections() == null ? 0 : r.run().maxConnections();
            targetRps += r.run().targetRps() == null ? 0 : r.run().targetRps();
            warmup = Math.max(warmup, r.run().warmupS());
            perConnection.add(a.record().completedPerConnection());
        }
        Window window = Window.of(sorted);
        LoadSettings run = new LoadSettings(
                first.run().url(),
                first.run().loadModel(),
                first.run().assign(),
                threads,
                connections,
                open ? maxConnections : null,
                open ? targetRps : null,
                window.durationS(),
                warmup,
                null,
                null,
                first.run().transport());
        LoadReport report = new LoadReport(
                LoadReport.SCHEMA_VERSION,
                run,
                new Throughput(requests, round3(rps), bytes),
                LatencyStats.fromMicros(latency),
                open ? LatencyStats.fromMicros(service) : null,
                errors,
                keyed(statuses),
                new Unfinished(unfinished, oldest),
                new ConnectionStats(maxOpened, delayed, ConnectionFairness.of(concat(perConnection)), serverCloses),
                perRequest(sorted, requests, open),
                AgentTimeline.merge(sorted, window.sharedStartEpochMicros(), hlog),
                hlog == null ? null : hlog.toString(),
                AgentChecks.stats(sorted, window),
                first.goodput() == null ? null : new Goodput(good, round3(goodRps)),
                first.retries() == null
                        ? null
                        : new Retries(first.retries().max(), first.retries().backoffMs(), retried),
                answers(sorted));
        return new Merged(report, latency, notes);
    }

    /** The agents' checks of their answers added up; null when an agent's output has none (an older loadlab's). */
    private static AnswerChecks answers(List<AgentRun> runs) {
        AnswerChecks sum = new AnswerChecks(0, 0, 0, 0, 0);
        for (AgentRun r : runs) {
            AnswerChecks a = r.record().report().answers();
            if (a == null) {
                return null;
            }
            sum = sum.plus(a);
        }
        return sum;
    }

    /**
     * The agents' outputs must be of one run: same count, distinct indices, same model and requests. Returns what is
     * worth saying about them: agents whose output is missing.
     */
    private static List<String> check(List<AgentRun> runs) {
        AgentRecord first = runs.get(0).record();
        for (int i = 0; i < runs.size(); i++) {
            AgentRecord r = runs.get(i).record();
            if (i > 0 && r.index() == runs.get(i - 1).record().index()) {
                throw new UserError("two outputs of agent " + r.index() + ": give each agent's output once");
            }
            if (r.agents() != first.agents()
                    || !r.report().run().loadModel().equals(first.report().run().loadModel())
                    || !r.report()
                            .perRequest()
                            .keySet()
                            .equals(first.report().perRequest().keySet())) {
                throw new UserError("agent " + r.index() + "'s output is not of the same run as agent " + first.index()
                        + "'s (agents, load model or requests differ)");
            }
        }
        if (runs.size() < first.agents()) {
            // a missing agent is a missing share of the load: merge what there is, but say so
            return List.of("merged " + runs.size() + " of " + first.agents()
                    + " agents' outputs: the load of the missing ones is not in the totals");
        }
        return List.of();
    }

    private static Map<String, RequestStats> perRequest(List<AgentRun> runs, long total, boolean open) {
        Map<String, RequestStats> out = new LinkedHashMap<>();
        List<String> names =
                List.copyOf(runs.get(0).record().report().perRequest().keySet());
        for (int k = 0; k < names.size(); k++) {
            String name = names.get(k);
            int at = k;
            Histogram lat = sum(runs, r -> AgentRecord.decode(byRequest(r.latencyByRequest(), at)));
            Histogram svc = open ? sum(runs, r -> AgentRecord.decode(byRequest(r.serviceTimeByRequest(), at))) : null;
            long n = 0;
            double rps = 0;
            ErrorCounts errors = ErrorCounts.NONE;
            Map<Integer, Long> statuses = new TreeMap<>();
            long unfinished = 0;
            Long wraps = null;
            double planned = 0;
            for (AgentRun a : runs) {
                RequestStats s = a.record().report().perRequest().get(name);
                n += s.requests();
                rps += s.throughputRps();
                errors = errors.plus(s.errors());
                s.statusCodes().forEach((c, v) -> statuses.merge(Integer.parseInt(c), v, Long::sum));
                unfinished += s.unfinished();
                if (s.wraps() != null) {
                    wraps = (wraps == null ? 0 : wraps) + s.wraps();
                }
                planned = s.share() == null ? 0 : s.share().planned();
            }
            out.put(
                    name,
                    new RequestStats(
                            n,
                            round3(rps),
                            lat == null ? LatencyStats.EMPTY : LatencyStats.fromMicros(lat),
                            svc == null ? null : LatencyStats.fromMicros(svc),
                            errors,
                            keyed(statuses),
                            unfinished,
                            new Share(planned, total == 0 ? 0 : Math.round(n * 10_000.0 / total) / 10_000.0),
                            wraps));
        }
        return out;
    }

    private static String byRequest(List<String> hs, int k) {
        return hs == null || hs.size() <= k ? null : hs.get(k);
    }

    /** The sum of one histogram of every agent; null when none has it. */
    static Histogram sum(List<AgentRun> runs, java.util.function.Function<AgentRecord, Histogram> pick) {
        Histogram out = null;
        for (AgentRun a : runs) {
            Histogram h = pick.apply(a.record());
            if (h == null) {
                continue;
            }
            if (out == null) {
                out = h.copy();
                out.setAutoResize(true); // agents record with the same settings; this only guards a foreign file
            } else {
                out.add(h);
            }
        }
        return out;
    }

    private static long[] concat(List<long[]> parts) {
        int n = parts.stream().mapToInt(p -> p == null ? 0 : p.length).sum();
        long[] all = new long[n];
        int at = 0;
        for (long[] p : parts) {
            if (p != null) {
                System.arraycopy(p, 0, all, at, p.length);
                at += p.length;
            }
        }
        return all;
    }

    private static Map<String, Long> keyed(Map<Integer, Long> byCode) {
        Map<String, Long> out = new LinkedHashMap<>();
        byCode.forEach((k, v) -> out.put(Integer.toString(k), v));
        return out;
    }

    static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /** Writes a merged histogram log's header; the caller writes the intervals. */
    static HistogramLogWriter logWriter(PrintStream out, long startEpochMs) {
        HistogramLogWriter w = new HistogramLogWriter(out);
        w.outputComment("loadlab merge: latency in microseconds, the sum of every agent's interval; untagged = total");
        w.outputLogFormatVersion();
        w.outputStartTime(startEpochMs);
        w.setBaseTime(startEpochMs);
        w.outputLegend();
        return w;
    }

    static PrintStream open(Path hlog) throws IOException {
        Path dir = hlog.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        return new PrintStream(Files.newOutputStream(hlog), false, "US-ASCII");
    }

    /**
     * The agents' common window on the wall clock: from the latest start to the earliest end. {@code sharedStart} is
     * the start instant the agents were given (the earliest start when none was).
     */
    record Window(long startEpochMicros, long endEpochMicros, long sharedStartEpochMicros) {
        static Window of(List<AgentRun> runs) {
            long start = Long.MIN_VALUE;
            long end = Long.MAX_VALUE;
            long shared = Long.MAX_VALUE;
            for (AgentRun a : runs) {
                AgentRecord r = a.record();
                start = Math.max(start, r.windowStartEpochMicros());
                end = Math.min(end, r.windowEndEpochMicros());
                shared = Math.min(
                        shared, r.startAtEpochMicros() != null ? r.startAtEpochMicros() : r.windowStartEpochMicros());
            }
            return new Window(start, end, shared);
        }

        /** The common window in seconds (millisecond precision); at least a millisecond even when none is common. */
        double durationS() {
            return Math.max(1, Math.round((endEpochMicros - startEpochMicros) / 1e3)) / 1e3;
        }
    }
}
