package io.loadlab.core.result;

import java.util.List;

/**
 * One load agent's part of a merged run ({@code agents} in the load report): what it was given, what it measured,
 * when its window really ran, and what went wrong with it. The merged report's totals are exact sums of these (and
 * its latency the sum of their histograms); the percentiles here are the agent's own.
 *
 * @param index the agent's index, 0-based
 * @param connections the connections it was given (open model: its initial connections)
 * @param targetRps open model: its share of the rate; null in the closed model
 * @param requests responses it completed in its window
 * @param rps its requests per second of its own window
 * @param latencyMs its latency
 * @param errors its failed requests by category
 * @param unfinished its requests unanswered when its window closed
 * @param maxOpened the most connections it held open at once
 * @param cpuSeconds its process's CPU time in the window, -1 when unknown
 * @param cpuBusy {@code cpuSeconds} per second of window per core it could use (its threads or its CPUs, the fewer)
 * @param windowStartEpochMs when its window opened, wall clock (epoch milliseconds, microsecond precision)
 * @param windowEndEpochMs when its window closed, wall clock
 * @param driftMs how far its window opened from the shared start instant (positive: late)
 * @param saturated true when its CPU was too busy (less idle than the lab's LOADGEN_SATURATED threshold) or, in the
 *     open model, it fell short of its target rate
 * @param warnings what was wrong with this agent, in words; empty when nothing
 */
public record AgentStats(
        int index,
        int connections,
        Double targetRps,
        long requests,
        double rps,
        LatencyStats latencyMs,
        ErrorCounts errors,
        Unfinished unfinished,
        int maxOpened,
        double cpuSeconds,
        double cpuBusy,
        double windowStartEpochMs,
        double windowEndEpochMs,
        double driftMs,
        boolean saturated,
        List<String> warnings) {}
