package io.loadlab.core.result;

/**
 * The theoretical bounds of a trial, so that a plateau explains itself: the most requests per second the model can
 * serve ({@code rps}, e.g. threads ÷ delay) and the lowest latency any request can have ({@code floor_ms}, e.g. the
 * delay). Either may be null when the scenario has no such bound.
 */
public record Ceiling(Double rps, Double floorMs, String explanation) {}
