/**
 * A load split over agents: each agent's share of the connections and rate, their shared start, and the exact merge of
 * their outputs (histograms added, never percentiles averaged) into one load report. Knows nothing of where the agents
 * run.
 */
package io.loadlab.loadgen.agents;
