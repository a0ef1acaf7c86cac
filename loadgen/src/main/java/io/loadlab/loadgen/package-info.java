/**
 * The load generator: one Netty event loop per load thread, each owning its connections, request plan and HdrHistogram
 * recorders (nothing on the hot path is shared or allocated per request); closed or open model, latency from the
 * intended send time. Its one input is a {@link io.loadlab.loadgen.LoadSpec}; it knows nothing of servers or the lab.
 */
package io.loadlab.loadgen;
