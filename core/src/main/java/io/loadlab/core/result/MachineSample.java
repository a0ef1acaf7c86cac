package io.loadlab.core.result;

import java.util.List;

/** The machine's per-core idle and iowait fractions (0..1) over the second before {@code t_s}. */
public record MachineSample(double tS, List<Double> idle, List<Double> iowait) {}
