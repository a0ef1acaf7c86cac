/**
 * Load agents on this host: a load split over N child processes ({@code loadlab agent --control stdio}), started
 * together on a shared start and their outputs handed back to be merged by {@code loadgen/agents}.
 */
package io.loadlab.lab.agents;
