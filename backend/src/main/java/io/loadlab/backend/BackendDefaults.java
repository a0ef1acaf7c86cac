package io.loadlab.backend;

import io.loadlab.core.unit.Duration;
import io.loadlab.transport.NettyTransport;

/**
 * The slow backend's defaults.
 */
public final class BackendDefaults {
    private BackendDefaults() {}

    /** Delay of the slow downstream service's {@code GET /hello}. */
    public static final Duration BACKEND_DELAY = Duration.ofMillis(100);

    /**
     * Its event loop's Netty transport ({@code --transport}): io_uring, the cheaper one measured at 10,000 connections
     * and a 50 ms delay ({@code backend/bench.sh}: 13.3-14.5 us of CPU per call, epoll 14.9-15.9 us); epoll where the
     * kernel refuses io_uring, NIO where Linux does not give epoll.
     */
    public static final NettyTransport TRANSPORT = NettyTransport.IO_URING;
}
