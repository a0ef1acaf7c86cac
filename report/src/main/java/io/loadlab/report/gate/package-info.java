/**
 * CI gates: pass/fail thresholds on a run in k6's grammar ({@code p99<50ms}, {@code errors<0.1%}) and JUnit XML that
 * CI dashboards read.
 */
package io.loadlab.report.gate;
