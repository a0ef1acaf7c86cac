package io.loadlab.loadgen;

import io.loadlab.core.result.LoadReport;
import org.HdrHistogram.AbstractHistogram;

/**
 * A finished run: its report and the merged histograms behind it (microseconds), for callers that print the full
 * percentile spectrum. {@code serviceTime} is null in the closed model.
 */
public record LoadResult(LoadReport report, AbstractHistogram latency, AbstractHistogram serviceTime) {}
