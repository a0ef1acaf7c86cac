package io.loadlab.loadgen;

import io.loadlab.core.result.AnswerChecks;
import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.ConnectionStats;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.Goodput;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.LoadSettings;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.Retries;
import io.loadlab.core.result.Share;
import io.loadlab.core.result.Throughput;
import io.loadlab.core.result.Unfinished;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns the merged histograms and the terminated workers' counters into a {@link LoadReport}. The latency
 * histograms hold the unfinished requests too (at their age), so a request count is the histogram's count less the
 * unfinished ones.
 */
final class ReportBuilder {
    private final LoadSpec spec;
    private final Worker[] workers;
    private final IntervalCollector collector;
    private final String[] names;

    ReportBuilder(LoadSpec spec, Worker[] workers, IntervalCollector collector, String[] names) {
        this.spec = spec;
        this.workers = workers;
        this.collector = collector;
        this.names = names;
    }

    /** Requests unanswered when the window closed, over all threads. */
    static long unfinished(Worker[] workers) {
        long n = 0;
        for (Worker w : workers) {
            for (RequestRecorder r : w.recorder.recorders) {
                n += r.unfinished;
            }
        }
        return n;
    }

    /** @param warmupS how long the warm-up lasted */
    LoadReport build(List<IntervalStats> intervals, double durationS, double warmupS) {
        long unfinished = unfinished(workers);
        long requests = collector.totalLatency.getTotalCount() - unfinished;
        int totalWeight = spec.requests().stream().mapToInt(RequestSpec::weight).sum();
        Map<String, RequestStats> perRequest = new LinkedHashMap<>();
        ErrorCounts allErrors = ErrorCounts.NONE;
        Map<Integer, Long> allStatus = new TreeMap<>();
        for (int r = 0; r < names.length; r++) {
            long[] e = new long[ErrorCategory.values().length];
            Map<Integer, Long> status = new TreeMap<>();
            long open = 0;
            long wraps = 0;
            for (Worker w : workers) {
                wraps += w.plan().wraps(r);
                RequestRecorder rec = w.recorder.recorders[r];
                for (int k = 0; k < e.length; k++) {
                    e[k] += rec.errors[k];
                }
                for (int code = 0; code < rec.statuses.length; code++) {
                    if (rec.statuses[code] > 0) {
                        status.merge(code, rec.statuses[code], Long::sum);
                        allStatus.merge(code, rec.statuses[code], Long::sum);
                    }
                }
                open += rec.unfinished;
            }
            ErrorCounts errors = ErrorCounts.of(e);
            allErrors = allErrors.plus(errors);
            long n = collector.latency[r].getTotalCount() - open;
            perRequest.merge(
                    names[r],
                    new RequestStats(
                            n,
                            n / durationS,
                            LatencyStats.fromMicros(collector.latency[r]),
                            spec.open() ? LatencyStats.fromMicros(collector.service[r]) : null,
                            errors,
                            keyed(status),
                            open,
                            new Share(
                                    round4(spec.requests().get(r).weight() / (double) totalWeight),
                                    round4(requests == 0 ? 0 : n / (double) requests)),
                            spec.requests().get(r).pick() == RequestSpec.Pick.UNIQUE
                                            && spec.requests().get(r).data() != null
                                    ? wraps
                                    : null),
                    (a, b) -> b);
        }
        long connect = 0;
        long delayed = 0;
        long serverCloses = 0;
        long checked = 0;
        long[] said = new long[3];
        long bytes = 0;
        long oldest = 0;
        int opened = 0;
        for (Worker w : workers) {
            connect += w.recorder.connectErrors;
            delayed += w.recorder.delayed;
            serverCloses += w.recorder.serverCloses;
            checked += w.recorder.answersChecked();
            long[] s = w.recorder.fiveHundredsSaid();
            for (int i = 0; i < said.length; i++) {
                said[i] += s[i];
            }
            bytes += w.recorder.bytesRead();
            opened += w.maxOpened();
            for (RequestRecorder r : w.recorder.recorders) {
                oldest = Math.max(oldest, r.oldestUnfinished);
            }
        }
        allErrors = allErrors.plus(ErrorCounts.of(ErrorCategory.CONNECT, connect));
        LoadSettings run = new LoadSettings(
                spec.target().origin()
                        + (spec.requests().size() == 1 && spec.scenarioName() == null
                                ? spec.requests().get(0).path()
                                : ""),
                spec.open() ? LoadReport.OPEN : LoadReport.CLOSED,
                spec.assign().id(),
                spec.threads(),
                spec.connections(),
                spec.open() ? spec.maxConnections() : null,
                spec.open() ? spec.rate().perSecond() : null,
                durationS,
                Math.round(warmupS * 1000) / 1000.0,
                spec.protocol(),
                spec.http2() ? maxStreams() : null,
                spec.transport().resolve().runs().id());
        return new LoadReport(
                LoadReport.SCHEMA_VERSION,
                run,
                new Throughput(requests, requests / durationS, bytes),
                LatencyStats.fromMicros(collector.totalLatency),
                spec.open() ? LatencyStats.fromMicros(collector.totalService) : null,
                allErrors,
                keyed(allStatus),
                new Unfinished(unfinished, Math.round(oldest / 1e3) / 1e3),
                new ConnectionStats(opened, delayed, fairness(), serverCloses),
                perRequest,
                List.copyOf(intervals),
                spec.hlog() == null ? null : spec.hlog().toString(),
                null,
                new Goodput(collector.good(), Math.round(collector.good() / durationS * 1000) / 1000.0),
                retries(),
                new AnswerChecks(checked, allErrors.get(ErrorCategory.WRONG_ANSWER), said[0], said[1], said[2]));
    }

    /** The retry policy and the attempts retried inside the window; null when the run does not retry. */
    private Retries retries() {
        if (!spec.retry().enabled()) {
            return null;
        }
        long n = 0;
        for (Worker w : workers) {
            for (RequestRecorder r : w.recorder.recorders) {
                n += r.retries;
            }
        }
        return new Retries(spec.retry().retries(), spec.retry().backoff().nanos() / 1e6, n);
    }

    /** {@code -m}, or the server's stream limit when some connection was told a lower one. */
    private int maxStreams() {
        int m = spec.maxStreams();
        for (Worker w : workers) {
            m = (int) Math.min(m, w.serverMaxStreams());
        }
        return m;
    }

    private ConnectionFairness fairness() {
        return ConnectionFairness.of(completedPerConnection(workers));
    }

    /** Responses completed in the window by each counted connection, over all threads. */
    static long[] completedPerConnection(Worker[] workers) {
        long[][] parts = new long[workers.length][];
        int n = 0;
        for (int i = 0; i < workers.length; i++) {
            parts[i] = workers[i].recorder.tally.counted();
            n += parts[i].length;
        }
        long[] all = new long[n];
        int at = 0;
        for (long[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    private static double round4(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }

    private static Map<String, Long> keyed(Map<Integer, Long> byCode) {
        Map<String, Long> out = new LinkedHashMap<>();
        byCode.forEach((k, v) -> out.put(Integer.toString(k), v));
        return out;
    }
}
