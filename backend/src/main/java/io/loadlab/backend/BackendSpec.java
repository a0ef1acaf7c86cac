package io.loadlab.backend;

import io.loadlab.core.ContractLimits;
import io.loadlab.core.Defaults;
import io.loadlab.core.unit.Duration;
import java.util.Objects;

/**
 * The one input of {@link BackendServer}.
 *
 * @param host address to bind
 * @param port port to bind; 0 picks a free one
 * @param delay how long {@code GET /hello} waits before answering (a request's {@code ?delay_ms=N} overrides it)
 * @param backlog accept backlog
 */
public record BackendSpec(String host, int port, Duration delay, int backlog) {
    public BackendSpec {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(delay, "delay");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535 (0 = a free port), got " + port);
        }
        if (delay.toMillis() > ContractLimits.MAX_DELAY_MS) {
            throw new IllegalArgumentException(
                    "delay must be at most " + ContractLimits.MAX_DELAY_MS + "ms, got " + delay);
        }
        if (backlog < 1) {
            throw new IllegalArgumentException("backlog must be at least 1, got " + backlog);
        }
    }

    /** Loopback, a free port, {@link BackendDefaults#BACKEND_DELAY}. */
    public static BackendSpec defaults() {
        return new BackendSpec(Defaults.HOST, 0, BackendDefaults.BACKEND_DELAY, Defaults.BACKLOG);
    }

    public BackendSpec withPort(int v) {
        return new BackendSpec(host, v, delay, backlog);
    }

    public BackendSpec withHost(String v) {
        return new BackendSpec(v, port, delay, backlog);
    }

    public BackendSpec withDelay(Duration v) {
        return new BackendSpec(host, port, v, backlog);
    }
}
