package io.loadlab.testkit;

import io.loadlab.core.result.AnswerChecks;
import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.ConnectionStats;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.Goodput;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.LoadSettings;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.Throughput;
import io.loadlab.core.result.Unfinished;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Load reports made up for tests: a healthy closed-model run by default (100 connections, 10,000 req/s for 5 steady
 * seconds, 10 ms mean), every part replaceable. Not thread-safe.
 */
public final class LoadReports {
    private String url = "http://127.0.0.1:1/plaintext";
    private String model = LoadReport.CLOSED;
    private String assign = "sequence";
    private int connections = 100;
    private Double targetRps;
    private double durationS = 5;
    private long requests = 50_000;
    private Double rps;
    private long bytes;
    private LatencyStats latency = latency(10);
    private LatencyStats service;
    private ErrorCounts errors = ErrorCounts.NONE;
    private Map<String, Long> status;
    private Unfinished unfinished = Unfinished.NONE;
    private ConnectionFairness fairness;
    private long delayed;
    private long serverCloses;
    private Goodput goodput;
    private AnswerChecks answers;
    private Map<String, RequestStats> perRequest = Map.of();
    private List<IntervalStats> intervals;
    private String hlog;

    private LoadReports() {}

    public static LoadReports closed() {
        return new LoadReports();
    }

    public static LoadReports open(double targetRps) {
        LoadReports b = new LoadReports();
        b.model = LoadReport.OPEN;
        b.targetRps = targetRps;
        b.service = b.latency;
        return b;
    }

    /** A latency distribution around {@code meanMs}: p99 twice, max four times the mean. */
    public static LatencyStats latency(double meanMs) {
        return new LatencyStats(
                1000, meanMs, 1, 1, meanMs, meanMs, meanMs, meanMs * 2, meanMs * 3, meanMs * 3, meanMs * 4);
    }

    public LoadReports url(String v) {
        url = v;
        return this;
    }

    public LoadReports connections(int v) {
        connections = v;
        return this;
    }

    public LoadReports duration(double seconds) {
        durationS = seconds;
        return this;
    }

    /** Responses completed and their rate (default: requests ÷ duration). */
    public LoadReports requests(long n, double perSecond) {
        requests = n;
        rps = perSecond;
        return this;
    }

    public LoadReports bytes(long v) {
        bytes = v;
        return this;
    }

    public LoadReports latency(LatencyStats v) {
        latency = v;
        return this;
    }

    public LoadReports service(LatencyStats v) {
        service = v;
        return this;
    }

    public LoadReports errors(ErrorCounts v) {
        errors = v;
        return this;
    }

    public LoadReports status(Map<String, Long> v) {
        status = v;
        return this;
    }

    public LoadReports unfinished(long count, double oldestMs) {
        unfinished = new Unfinished(count, oldestMs);
        return this;
    }

    public LoadReports fairness(ConnectionFairness v) {
        fairness = v;
        return this;
    }

    /** The answers that succeeded within the timeout. */
    public LoadReports goodput(long n, double perSecond) {
        goodput = new Goodput(n, perSecond);
        return this;
    }

    /** What the answers said: the sampled checks, and what the 5xx answers named. */
    public LoadReports answers(AnswerChecks v) {
        answers = v;
        return this;
    }

    /** Connections the server closed in the window. */
    public LoadReports serverCloses(long v) {
        serverCloses = v;
        return this;
    }

    public LoadReports delayed(long v) {
        delayed = v;
        return this;
    }

    public LoadReports assign(String v) {
        assign = v;
        return this;
    }

    public LoadReports perRequest(Map<String, RequestStats> v) {
        perRequest = v;
        return this;
    }

    public LoadReports intervals(List<IntervalStats> v) {
        intervals = v;
        return this;
    }

    public LoadReports hlog(String v) {
        hlog = v;
        return this;
    }

    public LoadReport build() {
        double perSecond = rps != null ? rps : requests / durationS;
        List<IntervalStats> iv = intervals;
        if (iv == null) {
            iv = new ArrayList<>();
            for (int i = 1; i <= (int) durationS; i++) {
                iv.add(new IntervalStats(
                        i, (long) perSecond, perSecond, latency.p50(), latency.p99(), latency.max(), 0, null));
            }
        }
        long[] even = new long[connections];
        for (int i = 0; i < connections; i++) {
            even[i] = requests / connections + (i < requests % connections ? 1 : 0);
        }
        return new LoadReport(
                LoadReport.SCHEMA_VERSION,
                new LoadSettings(
                        url,
                        model,
                        assign,
                        1,
                        connections,
                        targetRps == null ? null : Math.max(connections, 1000),
                        targetRps,
                        durationS,
                        0,
                        null,
                        null,
                        null),
                new Throughput(requests, perSecond, bytes),
                latency,
                service,
                errors,
                status != null ? status : Map.of("200", requests),
                unfinished,
                new ConnectionStats(
                        connections, delayed, fairness != null ? fairness : ConnectionFairness.of(even), serverCloses),
                perRequest,
                iv,
                hlog,
                null,
                goodput,
                null,
                answers);
    }
}
