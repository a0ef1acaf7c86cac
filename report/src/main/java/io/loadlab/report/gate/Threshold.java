package io.loadlab.report.gate;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Percent;
import io.loadlab.core.unit.Rate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail criterion on a run, in k6's grammar where it fits: {@code p99<50ms}, {@code p99.9<200ms},
 * {@code errors<0.1%}, {@code rps>10000}, and per request class {@code slow:p99<150ms}. Latencies need a unit
 * ({@code us}, {@code ms}, {@code s}); errors take a percentage or a fraction; rates take {@code 10k} and the like.
 * Immutable.
 *
 * @param text the expression as the user typed it
 * @param request the request class it applies to, or null for the whole run
 * @param limit the bound in the metric's unit: milliseconds, a fraction, or requests per second
 */
public record Threshold(String text, String request, Metric metric, Operator op, double limit) {
    private static final Pattern EXPR =
            Pattern.compile("^(?:(.+):)?\\s*([A-Za-z][\\w.()]*)\\s*(<=|>=|==|!=|<|>)\\s*(.+)$");
    static final String EXAMPLES = "e.g. p99<50ms, errors<0.1%, rps>10000 or slow:p99<150ms";

    /** Parses one expression; a mistake is an {@link IllegalArgumentException} whose message says what to write. */
    public static Threshold parse(String text) {
        String s = text == null ? "" : text.trim();
        Matcher m = EXPR.matcher(s);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not METRIC OP VALUE with OP one of < <= > >= == != (" + EXAMPLES + ")");
        }
        String request = m.group(1) == null ? null : m.group(1).trim();
        Metric metric = Metric.parse(m.group(2));
        if (metric == null) {
            throw new IllegalArgumentException(
                    "'" + text + "': unknown metric '" + m.group(2) + "'; use " + Metric.NAMES + " (" + EXAMPLES + ")");
        }
        Operator op = Operator.of(m.group(3));
        return new Threshold(
                s, request, metric, op, limit(text, metric, m.group(4).trim()));
    }

    private static double limit(String text, Metric metric, String value) {
        try {
            return switch (metric) {
                case ERRORS -> Percent.parse(value).fraction();
                case RPS -> value.equals("0") ? 0 : Rate.parse(value).perSecond();
                default -> {
                    if (value.matches("\\d+(\\.\\d+)?")) {
                        throw new IllegalArgumentException(
                                "a latency needs a unit, e.g. " + metric.id + "<" + value + "ms");
                    }
                    yield Duration.parse(value).nanos() / 1e6;
                }
            };
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "': " + e.getMessage());
        }
    }

    /** Parses every expression; the first mistake is thrown. */
    public static List<Threshold> parseAll(Collection<String> texts) {
        List<Threshold> out = new ArrayList<>();
        for (String t : texts) {
            out.add(parse(t));
        }
        return List.copyOf(out);
    }

    /** Checks this threshold against one run; a request class the run does not have fails, saying which it has. */
    public ThresholdResult check(LoadReport r) {
        double actual;
        if (request == null) {
            actual = metric.of(r);
        } else {
            RequestStats s = r.perRequest() == null ? null : r.perRequest().get(request);
            if (s == null) {
                return new ThresholdResult(
                        this,
                        Double.NaN,
                        false,
                        "no request class '" + request + "' in this run (it has: "
                                + (r.perRequest() == null
                                        ? "none"
                                        : String.join(", ", r.perRequest().keySet()))
                                + ")");
            }
            actual = metric.of(s);
        }
        boolean passed = !Double.isNaN(actual) && op.holds(actual, limit);
        return new ThresholdResult(this, actual, passed, label() + " = " + metric.show(actual));
    }

    /** Checks every threshold against one run, in order. */
    public static List<ThresholdResult> checkAll(List<Threshold> thresholds, LoadReport r) {
        return thresholds.stream().map(t -> t.check(r)).toList();
    }

    /** {@code p99} or {@code slow:p99}. */
    public String label() {
        return request == null ? metric.id : request + ":" + metric.id;
    }

    @Override
    public String toString() {
        return text;
    }
}
