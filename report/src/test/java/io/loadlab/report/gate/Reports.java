package io.loadlab.report.gate;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.Throughput;
import io.loadlab.core.result.Unfinished;
import java.util.List;
import java.util.Map;

/** Small load reports with known numbers. */
public final class Reports {
    private Reports() {}

    /** Latency percentiles all {@code ms}, except p99 = {@code p99Ms}. */
    public static LatencyStats latency(long count, double ms, double p99Ms) {
        return new LatencyStats(count, ms, 0, ms, ms, ms, ms, p99Ms, p99Ms, p99Ms, p99Ms);
    }

    public static LoadReport load(
            double rps, long requests, double p99Ms, long timeouts, Map<String, RequestStats> per) {
        return new LoadReport(
                LoadReport.SCHEMA_VERSION,
                null,
                new Throughput(requests, rps, requests * 100),
                requests == 0 ? LatencyStats.EMPTY : latency(requests, 1, p99Ms),
                null,
                ErrorCounts.of(ErrorCategory.TIMEOUT, timeouts),
                Map.of("200", requests),
                new Unfinished(0, 0),
                null,
                per,
                List.of(),
                null,
                null,
                null,
                null,
                null);
    }

    public static RequestStats request(long requests, double rps, double p99Ms, long timeouts) {
        return new RequestStats(
                requests,
                rps,
                latency(requests, 1, p99Ms),
                null,
                ErrorCounts.of(ErrorCategory.TIMEOUT, timeouts),
                Map.of("200", requests),
                0,
                null,
                null);
    }
}
