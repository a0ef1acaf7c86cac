package io.loadlab.core.result;

/**
 * How the run used its connections.
 *
 * @param maxOpened the most connections open at once (summed over threads)
 * @param delayedRequests open model: requests that fell due while no connection was free (their wait is in the
 *     latency)
 * @param fairness responses completed per connection
 */
public record ConnectionStats(int maxOpened, long delayedRequests, ConnectionFairness fairness) {}
