package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.RequestStats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Turns the merged histograms and the terminated workers' counters into a {@link LoadReport}. */
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

    LoadReport build(List<IntervalStats> intervals, double durationS) {
        Map<String, RequestStats> perRequest = new LinkedHashMap<>();
        ErrorCounts allErrors = ErrorCounts.NONE;
        Map<Integer, Long> allStatus = new TreeMap<>();
        for (int r = 0; r < names.length; r++) {
            long[] e = new long[ErrorKind.ALL.length];
            Map<Integer, Long> status = new TreeMap<>();
            for (Worker w : workers) {
                RequestRecorder rec = w.recorders[r];
                for (int k = 0; k < e.length; k++) {
                    e[k] += rec.errors[k];
                }
                for (int code = 0; code < rec.statuses.length; code++) {
                    if (rec.statuses[code] > 0) {
                        status.merge(code, rec.statuses[code], Long::sum);
                        allStatus.merge(code, rec.statuses[code], Long::sum);
                    }
                }
            }
            ErrorCounts errors = new ErrorCounts(e[0], e[1], e[2], e[3], e[4], e[5]);
            allErrors = allErrors.plus(errors);
            long n = collector.latency[r].getTotalCount();
            perRequest.merge(
                    names[r],
                    new RequestStats(
                            n,
                            n / durationS,
                            LatencyStats.fromMicros(collector.latency[r]),
                            spec.open() ? LatencyStats.fromMicros(collector.service[r]) : null,
                            errors,
                            keyed(status)),
                    (a, b) -> b);
        }
        long connect = 0;
        long delayed = 0;
        long bytes = 0;
        int opened = 0;
        for (Worker w : workers) {
            connect += w.connectErrors;
            delayed += w.delayed;
            bytes += w.bytesRead;
            opened += w.maxOpened;
        }
        allErrors = allErrors.plus(new ErrorCounts(connect, 0, 0, 0, 0, 0));
        long requests = collector.totalLatency.getTotalCount();
        return new LoadReport(
                LoadReport.SCHEMA_VERSION,
                spec.target().origin()
                        + (spec.requests().size() == 1 && spec.scenarioName() == null
                                ? spec.requests().get(0).path()
                                : ""),
                spec.open() ? LoadReport.OPEN : LoadReport.CLOSED,
                spec.threads(),
                spec.connections(),
                spec.open() ? spec.rate().perSecond() : null,
                durationS,
                requests,
                requests / durationS,
                bytes,
                LatencyStats.fromMicros(collector.totalLatency),
                spec.open() ? LatencyStats.fromMicros(collector.totalService) : null,
                allErrors,
                keyed(allStatus),
                delayed,
                opened,
                perRequest,
                List.copyOf(intervals),
                spec.hlog() == null ? null : spec.hlog().toString());
    }

    private static Map<String, Long> keyed(Map<Integer, Long> byCode) {
        Map<String, Long> out = new LinkedHashMap<>();
        byCode.forEach((k, v) -> out.put(Integer.toString(k), v));
        return out;
    }
}
