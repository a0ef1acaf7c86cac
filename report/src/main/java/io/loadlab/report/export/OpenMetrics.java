package io.loadlab.report.export;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialKey;
import io.loadlab.core.result.TrialResult;
import java.math.BigDecimal;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.ToDoubleFunction;

/**
 * The summary of a suite's results in the OpenMetrics text format, for a dashboard (Prometheus' text parser, a
 * Pushgateway, Grafana): one sample per trial in each family, labelled by suite, trial, experiment, model, scenario,
 * load level and repetition. Families: {@code loadlab_trial} (info: the worst verdict and whether the trial is valid),
 * {@code loadlab_throughput_rps}, {@code loadlab_latency_seconds} (a summary of the quantiles 0.5 to 0.9999 with its
 * count and sum), {@code loadlab_latency_max_seconds}, {@code loadlab_requests}, {@code loadlab_errors} (by category)
 * and {@code loadlab_unfinished}. Trials that never measured load appear only in {@code loadlab_trial}.
 */
public final class OpenMetrics {
    private static final double[] QUANTILES = {0.5, 0.75, 0.9, 0.99, 0.999, 0.9999};
    private static final List<ToDoubleFunction<LatencyStats>> AT = List.of(
            LatencyStats::p50,
            LatencyStats::p75,
            LatencyStats::p90,
            LatencyStats::p99,
            LatencyStats::p999,
            LatencyStats::p9999);

    private OpenMetrics() {}

    /** The exposition, ending with {@code # EOF}. */
    public static String render(SuiteResults r) {
        StringBuilder b = new StringBuilder();
        family(b, "loadlab_trial", "info", null, "A trial of the suite, its worst verdict and whether it is valid.");
        for (TrialResult t : r.trials()) {
            b.append("loadlab_trial_info")
                    .append(labels(r, t, "verdict", t.worstVerdict().name(), "valid", Boolean.toString(t.valid())))
                    .append(" 1\n");
        }
        measured(
                b,
                r,
                "loadlab_throughput_rps",
                "gauge",
                null,
                "Responses per second in the measured window.",
                (t, l) -> sample(
                        b,
                        "loadlab_throughput_rps",
                        labels(r, t),
                        l.throughput().rps()));
        measured(
                b,
                r,
                "loadlab_latency_seconds",
                "summary",
                "seconds",
                "Latency (from the intended send time in the open model), unfinished requests at their age.",
                (t, l) -> {
                    LatencyStats s = l.latencyMs();
                    for (int i = 0; i < QUANTILES.length; i++) {
                        sample(
                                b,
                                "loadlab_latency_seconds",
                                labels(r, t, "quantile", number(QUANTILES[i])),
                                AT.get(i).applyAsDouble(s) / 1e3);
                    }
                    sample(b, "loadlab_latency_seconds_sum", labels(r, t), s.mean() * s.count() / 1e3);
                    sample(b, "loadlab_latency_seconds_count", labels(r, t), s.count());
                });
        measured(
                b,
                r,
                "loadlab_latency_max_seconds",
                "gauge",
                "seconds",
                "The slowest request of the window.",
                (t, l) -> sample(
                        b,
                        "loadlab_latency_max_seconds",
                        labels(r, t),
                        l.latencyMs().max() / 1e3));
        measured(
                b,
                r,
                "loadlab_requests",
                "counter",
                null,
                "Responses completed in the measured window.",
                (t, l) -> sample(b, "loadlab_requests_total", labels(r, t), l.requests()));
        measured(
                b,
                r,
                "loadlab_errors",
                "counter",
                null,
                "Failed requests in the measured window, by category.",
                (t, l) -> {
                    for (ErrorCategory c : ErrorCategory.values()) {
                        sample(
                                b,
                                "loadlab_errors_total",
                                labels(r, t, "category", c.id()),
                                l.errors().get(c));
                    }
                });
        measured(
                b,
                r,
                "loadlab_unfinished",
                "gauge",
                null,
                "Requests still unanswered when the window closed.",
                (t, l) -> sample(
                        b,
                        "loadlab_unfinished",
                        labels(r, t),
                        l.unfinished() == null ? 0 : l.unfinished().count()));
        return b.append("# EOF\n").toString();
    }

    private static void measured(
            StringBuilder b,
            SuiteResults r,
            String name,
            String type,
            String unit,
            String help,
            BiConsumer<TrialResult, LoadReport> samples) {
        family(b, name, type, unit, help);
        for (TrialResult t : r.trials()) {
            if (t.load() != null) {
                samples.accept(t, t.load());
            }
        }
    }

    private static void family(StringBuilder b, String name, String type, String unit, String help) {
        b.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        if (unit != null) {
            b.append("# UNIT ").append(name).append(' ').append(unit).append('\n');
        }
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
    }

    private static void sample(StringBuilder b, String name, String labels, double value) {
        b.append(name).append(labels).append(' ').append(number(value)).append('\n');
    }

    private static String labels(SuiteResults r, TrialResult t, String... extra) {
        TrialKey k = t.key();
        StringBuilder b = new StringBuilder("{");
        label(b, "suite", r.suite());
        label(b, "trial", t.id());
        label(b, "experiment", k.experiment());
        label(b, "model", k.model());
        label(b, "scenario", k.scenario());
        label(b, "connections", Integer.toString(k.load().connections()));
        if (k.load().rateRps() != null) {
            label(b, "rate_rps", number(k.load().rateRps()));
        }
        label(b, "repetition", Integer.toString(k.repetition()));
        for (int i = 0; i < extra.length; i += 2) {
            label(b, extra[i], extra[i + 1]);
        }
        b.setCharAt(b.length() - 1, '}');
        return b.toString();
    }

    private static void label(StringBuilder b, String name, String value) {
        b.append(name).append("=\"");
        String v = value == null ? "" : value;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '"' -> b.append("\\\"");
                case '\n' -> b.append("\\n");
                default -> b.append(c);
            }
        }
        b.append("\",");
    }

    /** Plain decimal notation: {@code 0.00125}, {@code 1500}; NaN as OpenMetrics writes it. */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
