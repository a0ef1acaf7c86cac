/**
 * A run's numbers in other tools' formats: a load run as CSV, a suite's summary as OpenMetrics text for a dashboard.
 */
package io.loadlab.report.export;
