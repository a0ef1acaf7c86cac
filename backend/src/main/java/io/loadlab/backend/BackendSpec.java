package io.loadlab.backend;

import io.loadlab.core.ContractLimits;
import io.loadlab.core.Defaults;
import io.loadlab.core.unit.Duration;
import io.loadlab.transport.NettyTransport;
import java.util.Objects;

/**
 * The one input of {@link BackendServer}.
 *
 * @param host address to bind
 * @param port port to bind; 0 picks a free one
 * @param delay how long {@code GET /hello} waits before answering (a request's {@code ?delay_ms=N} overrides it)
 * @param backlog accept backlog
 * @param schedule how the delay changes over time (its initial delay is {@code delay}); null = always {@code delay}
 * @param transport its event loop's Netty transport (null: {@link BackendDefaults#TRANSPORT}); where this host cannot
 *     run it, the next one down runs, with a note
 */
public record BackendSpec(
        String host, int port, Duration delay, int backlog, DelaySchedule schedule, NettyTransport transport) {
    /** A backend whose delay does not change, on the default transport. */
    public BackendSpec(String host, int port, Duration delay, int backlog) {
        this(host, port, delay, backlog, null, null);
    }

    public BackendSpec {
        transport = transport == null ? BackendDefaults.TRANSPORT : transport;
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
        return new BackendSpec(host, v, delay, backlog, schedule, transport);
    }

    public BackendSpec withHost(String v) {
        return new BackendSpec(v, port, delay, backlog, schedule, transport);
    }

    public BackendSpec withDelay(Duration v) {
        return new BackendSpec(host, port, v, backlog, schedule == null ? null : schedule.withInitial(v), transport);
    }

    /** This backend following {@code v}; its delay becomes the schedule's initial one. */
    public BackendSpec withSchedule(DelaySchedule v) {
        return new BackendSpec(host, port, v.initial(), backlog, v, transport);
    }

    /** This backend on transport {@code v} (null: the default). */
    public BackendSpec withTransport(NettyTransport v) {
        return new BackendSpec(host, port, delay, backlog, schedule, v);
    }

    /** The delay schedule in force: {@code schedule}, or the constant {@code delay}. */
    public DelaySchedule delays() {
        return schedule != null ? schedule : DelaySchedule.constant(delay);
    }
}
