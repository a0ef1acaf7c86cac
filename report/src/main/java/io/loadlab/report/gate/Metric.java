package io.loadlab.report.gate;

import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.RequestStats;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * What a {@link Threshold} measures, in the unit it is compared in: latency in milliseconds, errors as a fraction of
 * the attempts, throughput in responses per second. Latency comes from the report's {@code latency_ms}, which charges
 * the open model from the intended send time and holds unfinished requests at their age.
 */
enum Metric {
    P50("p50", LatencyStats::p50),
    P75("p75", LatencyStats::p75),
    P90("p90", LatencyStats::p90),
    P99("p99", LatencyStats::p99),
    P999("p99.9", LatencyStats::p999),
    P9999("p99.99", LatencyStats::p9999),
    MEAN("mean", LatencyStats::mean),
    MAX("max", LatencyStats::max),
    ERRORS("errors", null),
    RPS("rps", null);

    static final String NAMES = "p50, p75, p90, p99, p99.9, p99.99, mean, max, errors or rps";

    final String id;
    private final ToDoubleFunction<LatencyStats> latency;

    Metric(String id, ToDoubleFunction<LatencyStats> latency) {
        this.id = id;
        this.latency = latency;
    }

    boolean isLatency() {
        return latency != null;
    }

    /** Reads {@code p99}, k6's {@code p(99)}, {@code avg} and {@code med} as well; null when it is none of them. */
    static Metric parse(String text) {
        String s = text.toLowerCase(Locale.ROOT).replaceAll("^p\\((.*)\\)$", "p$1");
        return switch (s) {
            case "avg" -> MEAN;
            case "med" -> P50;
            case "p99.90" -> P999;
            case "rate", "rps", "throughput" -> RPS;
            case "error_rate", "errors" -> ERRORS;
            default -> {
                for (Metric m : values()) {
                    if (m.id.equals(s)) {
                        yield m;
                    }
                }
                yield null;
            }
        };
    }

    /** The value in the whole run; NaN for a latency when nothing was recorded. */
    double of(LoadReport r) {
        return switch (this) {
            case ERRORS -> r.errorRate();
            case RPS -> r.throughput().rps();
            default -> latency(r.latencyMs());
        };
    }

    /** The value for one request class; NaN for a latency when nothing was recorded. */
    double of(RequestStats s) {
        return switch (this) {
            case ERRORS -> {
                long attempts = s.requests() + s.errors().unanswered();
                yield attempts == 0 ? 0 : s.errors().total() / (double) attempts;
            }
            case RPS -> s.throughputRps();
            default -> latency(s.latencyMs());
        };
    }

    private double latency(LatencyStats l) {
        return l == null || l.count() == 0 ? Double.NaN : latency.applyAsDouble(l);
    }

    /** The value as a person reads it: {@code 1.23ms}, {@code 850us}, {@code 0.12%}, {@code 10512/s}. */
    String show(double v) {
        if (Double.isNaN(v)) {
            return "nothing recorded";
        }
        return switch (this) {
            case ERRORS -> String.format(Locale.ROOT, "%.3g%%", v * 100).replaceAll("\\.?0+%$", "%");
            case RPS -> String.format(Locale.ROOT, "%.0f/s", v);
            default ->
                v >= 1000
                        ? String.format(Locale.ROOT, "%.3gs", v / 1000)
                        : v >= 1
                                ? String.format(Locale.ROOT, "%.3gms", v)
                                : String.format(Locale.ROOT, "%.0fus", v * 1000);
        };
    }
}
