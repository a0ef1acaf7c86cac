/**
 * The statistics of repeated measurements: mean with its confidence interval, Student's t and Welch's t-test computed
 * by Commons Statistics.
 */
package io.loadlab.report.stats;
