package io.loadlab.core.result;

/**
 * One request's part of a mix: {@code planned} is its weight over all weights (its planned share of the requests,
 * or of the connections when requests are assigned per connection), {@code realized} its share of the responses
 * actually completed.
 */
public record Share(double planned, double realized) {
    /** The gap between realized and planned, in percentage points (positive: more than planned). */
    public double gapPoints() {
        return (realized - planned) * 100;
    }
}
