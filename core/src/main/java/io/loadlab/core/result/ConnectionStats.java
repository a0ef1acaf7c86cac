package io.loadlab.core.result;

/**
 * How the run used its connections.
 *
 * @param maxOpened the most connections open at once (summed over threads)
 * @param delayedRequests open model: requests that fell due while no connection was free (their wait is in the
 *     latency)
 * @param fairness responses completed per connection
 * @param serverCloses connections the server closed inside the window: an answer with {@code Connection: close} or
 *     delimited by the close, or a close while no request was in flight (a keep-alive cap, an idle timeout); null
 *     in reports written before it was counted
 */
public record ConnectionStats(int maxOpened, long delayedRequests, ConnectionFairness fairness, Long serverCloses) {
    /** The server's closes per 1,000 requests completed in the window; null when not counted or none completed. */
    public Double serverClosesPerThousand(long requests) {
        return serverCloses == null || requests <= 0 ? null : serverCloses * 1000.0 / requests;
    }
}
