/**
 * A suite's results directory: {@code results.json} rewritten atomically after every trial, so an interrupted suite
 * keeps its finished trials, and {@code environment.json} with the host, JDK, limits and commit.
 */
package io.loadlab.lab.store;
