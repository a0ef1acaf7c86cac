package io.loadlab.lab.capacity;

import io.loadlab.core.UserError;
import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a capacity goal as a suite's {@code capacity:} or {@code --capacity} writes it: {@code slo: "p99<100ms"},
 * {@code errors: "<0.1%"}, {@code start: 500}, {@code resolution: 5%}, {@code max_steps: 12}, {@code max_rate: 50k};
 * every value but the objective has a default here.
 */
public final class CapacityGoals {
    /** The errors a passing step may have: 0.1% of the requests. */
    public static final double ERRORS = 0.001;
    /** The first step's rate, req/s. */
    public static final double START = 100;
    /** Bisection stops when the bracket is within this fraction of its lower end. */
    public static final double RESOLUTION = 0.05;
    /** The most steps (trials) one model's search runs. */
    public static final int MAX_STEPS = 12;
    /**
     * Without {@code max_rate}, the highest rate tried is this many req/s per connection of the cap: every
     * connection answering in a millisecond, beyond which the connection cap, not the model, would bind.
     */
    public static final double RATE_PER_CONNECTION = 1000;
    /**
     * The connection cap of an ad-hoc search given no {@code -c}: enough for 10,000 req/s of 100 ms requests, within
     * this kind of host's open-file limit. With the load generator's usual 100, a 100 ms scenario could never offer
     * more than 1,000 req/s.
     */
    public static final int CONNECTIONS = 1000;

    private static final Pattern SLO = Pattern.compile("\\s*p(50|90|99|99\\.9|999)\\s*<=?\\s*(\\S+)\\s*");

    private CapacityGoals() {}

    /**
     * A goal from its written parts; null parts take the defaults above. {@code connections} is the connection cap
     * that bounds the default {@code max_rate}.
     */
    public static CapacityGoal parse(
            String slo,
            String errors,
            String start,
            String resolution,
            Integer maxSteps,
            String maxRate,
            int connections) {
        if (slo == null) {
            throw new UserError("capacity: needs an objective, e.g. slo: \"p99<100ms\"");
        }
        Matcher m = SLO.matcher(slo);
        if (!m.matches()) {
            throw new UserError("capacity: the objective is pNN<DURATION (p50, p90, p99 or p999), e.g. p99<100ms;"
                    + " got '" + slo + "'");
        }
        double percentile = m.group(1).equals("999") ? 99.9 : Double.parseDouble(m.group(1));
        double sloMs = Duration.parse(m.group(2)).nanos() / 1e6;
        double startRps = start == null ? START : Rate.parse(start).perSecond();
        double maxRps = maxRate == null
                ? Math.max(startRps, connections * RATE_PER_CONNECTION)
                : Rate.parse(maxRate).perSecond();
        try {
            return new CapacityGoal(
                    slo.trim(),
                    percentile,
                    sloMs,
                    errors == null ? ERRORS : fraction("errors", errors),
                    startRps,
                    resolution == null ? RESOLUTION : fraction("resolution", resolution),
                    maxSteps == null ? MAX_STEPS : maxSteps,
                    maxRps);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** {@code <0.1%}, {@code 0.1%} or {@code 0.001}: a fraction. */
    static double fraction(String field, String text) {
        String t = text.trim().replaceFirst("^<=?", "").trim();
        boolean percent = t.endsWith("%");
        try {
            double v =
                    Double.parseDouble(percent ? t.substring(0, t.length() - 1).trim() : t);
            return percent ? v / 100 : v;
        } catch (NumberFormatException e) {
            throw new UserError(String.format(
                    Locale.ROOT, "capacity: %s is a percentage (e.g. 5%%) or a fraction, not '%s'", field, text));
        }
    }
}
