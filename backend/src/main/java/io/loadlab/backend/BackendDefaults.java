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

    /** Its event loop's Netty transport ({@code --transport}): epoll, as nginx uses; NIO where Linux does not give it. */
    public static final NettyTransport TRANSPORT = NettyTransport.EPOLL;
}
