/**
 * A results directory to the answer: which model is best per experiment and load level, the self-contained {@code
 * report.html}, terminal and Markdown tables, and {@code compare} between two runs. Reads {@code results.json} only
 * and does not know the lab, so it redraws any results directory, old schemas included.
 */
package io.loadlab.report;
