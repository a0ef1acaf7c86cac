package io.loadlab.report.stats;

import java.util.List;

/**
 * The summary of repeated measurements of one quantity: count, mean, sample standard deviation (n − 1) and the
 * half-width of the confidence interval of the mean from Student's t ({@code NaN} with fewer than two values).
 */
public record SampleStats(int n, double mean, double stdev, double ciHalfWidth, double confidence) {

    public static SampleStats of(List<Double> values, double confidence) {
        int n = values.size();
        if (n == 0) {
            return new SampleStats(0, Double.NaN, Double.NaN, Double.NaN, confidence);
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / n;
        if (n == 1) {
            return new SampleStats(1, mean, Double.NaN, Double.NaN, confidence);
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double stdev = Math.sqrt(squares / (n - 1));
        double half = StudentT.critical(confidence, n - 1) * stdev / Math.sqrt(n);
        return new SampleStats(n, mean, stdev, half, confidence);
    }

    /** True when there are at least two values, so that spread and significance can be told. */
    public boolean repeated() {
        return n >= 2;
    }

    /** The sample variance s² (n − 1). */
    double variance() {
        return stdev * stdev;
    }

    /** The standard error of the mean squared: s² / n. */
    double varianceOfMean() {
        return variance() / n;
    }
}
